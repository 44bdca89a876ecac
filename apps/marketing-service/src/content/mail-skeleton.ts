import { randomBytes } from 'node:crypto';
import juice from 'juice';
import { TagToken, TokenKind, Tokenizer } from 'liquidjs';
import { personaliseHtml, type MailVariables } from './personalise';
import { sanitiseHtml } from './sanitise';

/**
 * A campaign's HTML body done once for all its recipients (docs/performance.md, "Email campaign"): the
 * owner's HTML rendered, CSS-inlined (juice) and sanitised (sanitize-html) with holes where each recipient's
 * name or address goes and where each tracked link's redirect goes; a mail then only fills the holes.
 *
 * Speed trick, fenced: a template qualifies only when every mention of a recipient variable is a plain
 * `{{ firstName }}` or `{{ firstName | default: "literal" }}` that lands in text (not in an attribute, a URL
 * or a tag); anything else (a filter, a condition, a loop, `{% assign %}`, a variable in a link) goes the
 * whole way per mail, as before. Filling a hole gives the bytes the whole way gives: there a value is
 * HTML-escaped by liquidjs, decoded by sanitize-html's parser and written back with `&`, `<` and `>`
 * escaped (`"` and `'` as they are) — which is what `textOf` writes; a tracked link is the click redirect
 * of the sanitised href, written as sanitize-html writes an attribute. The spec compares both ways on
 * hostile names (campaign-mail.spec.ts).
 */
export interface MailSkeleton {
  /** The HTML between the holes: `parts.length === holes.length + 1`. */
  parts: string[];
  holes: Hole[];
}

type RecipientVariable = 'firstName' | 'lastName' | 'email';

type Hole =
  /** A recipient's value in text, with the template's `default:` literal when it had one. */
  | { kind: 'value'; name: RecipientVariable; fallback: string | null }
  /** An http(s) link of the owner's, replaced by the delivery's click redirect to `url`. */
  | { kind: 'link'; url: string };

/** What no owner's HTML contains (random per process): a hole's mark while the skeleton is made. */
const NONCE = randomBytes(8).toString('hex');
const MARK = `pz${NONCE}`;
const MARKS = new RegExp(`${MARK}([vl])(\\d+)z`, 'g');
const CANARY = `pzcanary${NONCE}`;

const RECIPIENT_WORD = /\b(firstName|lastName|email)\b/;
const PLAIN_OUTPUT = /^(firstName|lastName|email)(?:\s*\|\s*default\s*:\s*(?:"([^"\\{}]*)"|'([^'\\{}]*)'))?$/;
/** A character reference still open before a hole: the value's first characters could complete it. */
const OPEN_REFERENCE = /&[a-zA-Z0-9#]*$/;

/** Skeletons of the bodies sent lately (a campaign's body is made once, not once per recipient). */
const made = new Map<string, Promise<MailSkeleton | null>>();
const MADE_KEPT = 100;

/**
 * The skeleton of `html` for mails of the business `companyName` (its name is rendered in), with tracked
 * links when `tracked`; null when the template does not qualify (see MailSkeleton).
 */
export function skeletonOf(html: string, companyName: string, tracked: boolean): Promise<MailSkeleton | null> {
  const key = `${tracked ? 't' : 'u'}${companyName}\u0000${html}`;
  let skeleton = made.get(key);
  if (skeleton === undefined) {
    // A template that does not render goes the whole way (which reports why); not kept, since the error may be
    // liquidjs's render time limit on a busy moment rather than the template.
    skeleton = makeSkeleton(html, companyName, tracked).catch(() => {
      made.delete(key);
      return null;
    });
    if (made.size >= MADE_KEPT) made.clear();
    made.set(key, skeleton);
  }
  return skeleton;
}

/** The recipient's body: the skeleton's holes filled (the click redirects by `clickUrl`). */
export function fillSkeleton(
  skeleton: MailSkeleton,
  recipient: Pick<MailVariables, RecipientVariable>,
  clickUrl?: (url: string) => string,
): string {
  let html = skeleton.parts[0];
  for (let i = 0; i < skeleton.holes.length; i++) {
    const hole = skeleton.holes[i];
    if (hole.kind === 'value') {
      const value = recipient[hole.name];
      html += textOf(hole.fallback !== null && (value === null || value === '') ? hole.fallback : (value ?? ''));
    } else {
      // A link hole exists only in a tracked skeleton, which is filled with the delivery's redirects.
      html += attributeOf(clickUrl ? clickUrl(hole.url) : hole.url);
    }
    html += skeleton.parts[i + 1];
  }
  return html;
}

async function makeSkeleton(html: string, companyName: string, tracked: boolean): Promise<MailSkeleton | null> {
  if (html.includes(MARK)) return null;
  const values: Hole[] = [];
  let template = '';
  let at = 0;
  for (const token of new Tokenizer(html).readTopLevelTokens()) {
    if (token instanceof TagToken) {
      if (RECIPIENT_WORD.test(`${token.name} ${token.args}`)) return null;
    } else if (token.kind === TokenKind.Output) {
      // liquidjs exports no OutputToken class: its kind says it, `content` is the expression.
      const { content } = token as typeof token & { content: string };
      const plain = PLAIN_OUTPUT.exec(content);
      if (plain) {
        // The same delimiters (and their whitespace trimming), a literal mark in place of the expression.
        const text = html.slice(token.begin, token.end);
        const inner = text.indexOf(content, 2);
        template += html.slice(at, token.begin + inner) + `'${MARK}v${values.length}z'` + text.slice(inner + content.length);
        at = token.end;
        values.push({ kind: 'value', name: plain[1] as RecipientVariable, fallback: plain[2] ?? plain[3] ?? null });
      } else if (RECIPIENT_WORD.test(content)) {
        return null;
      }
    }
  }
  template += html.slice(at);

  // Anything still reading a recipient variable (a dynamic lookup) would show the canary: not a skeleton.
  const rendered = await personaliseHtml(template, {
    firstName: CANARY,
    lastName: CANARY,
    email: CANARY,
    companyName,
  });
  if (rendered.includes(CANARY)) return null;
  for (const match of rendered.matchAll(MARKS)) {
    if (OPEN_REFERENCE.test(rendered.slice(Math.max(0, match.index - 40), match.index))) return null;
  }

  const links: string[] = [];
  const markLink = (url: string) => `${MARK}l${links.push(url) - 1}z`;
  const body = sanitiseHtml(juice(rendered), tracked ? markLink : undefined);

  const parts: string[] = [];
  const holes: Hole[] = [];
  const seen = new Set<string>();
  let from = 0;
  for (const match of body.matchAll(MARKS)) {
    const [mark, kind, number] = match;
    if (seen.has(mark)) return null;
    seen.add(mark);
    const inTag = body.lastIndexOf('<', match.index) > body.lastIndexOf('>', match.index);
    if (kind === 'v') {
      if (inTag) return null; // in an attribute: sanitize-html would judge the value there
      holes.push(values[Number(number)]);
    } else {
      const url = links[Number(number)];
      if (!body.endsWith('href="', match.index) || body[match.index + mark.length] !== '"' || url.includes(MARK)) {
        return null;
      }
      holes.push({ kind: 'link', url });
    }
    parts.push(body.slice(from, match.index));
    from = match.index + mark.length;
  }
  parts.push(body.slice(from));
  // Every value and link put in must have come out once (a value dropped with a <textarea> would not).
  if (seen.size !== values.length + links.length) return null;
  return { parts, holes };
}

/** Text as sanitize-html writes it (its parser decodes what liquidjs escaped). */
function textOf(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** An attribute value as sanitize-html writes it. */
function attributeOf(value: string): string {
  return textOf(value).replace(/"/g, '&quot;');
}
