import { createHash, type KeyObject, verify } from 'node:crypto';

/** What checking a mail's DKIM-Signature found. */
export interface DkimResult {
  /** The body hash the signature states is the body's. */
  bodyHashMatches: boolean;
  /** The signature verifies against the public key, over the signed headers. */
  signatureValid: boolean;
  tags: Record<string, string>;
}

/**
 * Verifies a mail's DKIM-Signature (RFC 6376) against a public key, as a receiving server would: rsa-sha256
 * with relaxed/relaxed canonicalisation (what nodemailer signs with), the body hash over the canonical body,
 * and the RSA signature over the canonical signed headers followed by the signature header with `b=` empty.
 * For tests: no DNS, the key is given; only what nodemailer produces is supported (refused otherwise).
 */
export function verifyDkim(raw: string, publicKey: KeyObject): DkimResult {
  const message = raw.replace(/\r?\n/g, '\r\n');
  const split = message.indexOf('\r\n\r\n');
  const headerBlock = split < 0 ? message : message.slice(0, split);
  const body = split < 0 ? '' : message.slice(split + 4);
  const headers = headerBlock.split(/\r\n(?![ \t])/).map((field) => {
    const colon = field.indexOf(':');
    return { name: field.slice(0, colon).trim().toLowerCase(), field };
  });
  const signature = headers.find((h) => h.name === 'dkim-signature');
  if (!signature) throw new Error('The mail has no DKIM-Signature');
  const tags = tagsOf(signature.field.slice(signature.field.indexOf(':') + 1));
  if (tags.a !== 'rsa-sha256' || tags.c !== 'relaxed/relaxed' || tags.v !== '1') {
    throw new Error(`Unsupported DKIM signature: v=${tags.v} a=${tags.a} c=${tags.c}`);
  }

  const bodyHash = createHash('sha256').update(relaxedBody(body)).digest('base64');

  // Each name of h= takes the last unused instance of that header, from the bottom up (RFC 6376 §5.4.2).
  const used = new Set<number>();
  const signed = tags.h.split(':').map((name) => {
    const wanted = name.trim().toLowerCase();
    for (let i = headers.length - 1; i >= 0; i--) {
      if (headers[i].name === wanted && !used.has(i) && headers[i] !== signature) {
        used.add(i);
        return relaxedHeader(headers[i].field);
      }
    }
    return ''; // a name with no header signs its absence
  });
  // The b= tag's value emptied (not bh=: the tag is the one after a `;` named exactly b).
  const withoutB = signature.field.replace(/(;[ \t\r\n]*b[ \t\r\n]*=)[^;]*/, (_match, tag: string) => tag);
  const data = signed.join('') + relaxedHeader(withoutB).replace(/\r\n$/, '');
  return {
    bodyHashMatches: bodyHash === tags.bh,
    signatureValid: verify('sha256', Buffer.from(data), publicKey, Buffer.from(tags.b, 'base64')),
    tags,
  };
}

function tagsOf(value: string): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const part of value.replace(/\r\n/g, '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    tags[part.slice(0, eq).trim()] = part.slice(eq + 1).replace(/\s+/g, '');
  }
  return tags;
}

/** RFC 6376 §3.4.2: lower-case name, unfolded, runs of whitespace one space, none around the colon or at the end. */
function relaxedHeader(field: string): string {
  const colon = field.indexOf(':');
  const name = field.slice(0, colon).trim().toLowerCase();
  const value = field
    .slice(colon + 1)
    .replace(/\r\n/g, '')
    .replace(/[ \t]+/g, ' ')
    .trim();
  return `${name}:${value}\r\n`;
}

/** RFC 6376 §3.4.4: whitespace runs one space, none at line ends, no empty lines at the end, one CRLF after. */
function relaxedBody(body: string): string {
  const lines = body.split('\r\n').map((line) => line.replace(/[ \t]+/g, ' ').replace(/ $/, ''));
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines.length === 0 ? '' : `${lines.join('\r\n')}\r\n`;
}
