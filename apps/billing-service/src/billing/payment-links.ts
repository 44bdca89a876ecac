// The payment-links file (PAYMENT_LINKS_FILE, docs/billing.md): which Stripe Payment Link sells each paid
// plan and refill. Read and checked here, in TypeScript; payment-links.sync.ts writes what it says.

/** One Stripe Payment Link: its address (buy.stripe.com/…) and its id (plink_…), which webhook events name. */
export interface PaymentLink {
  url: string;
  id: string;
}

/** Where a link can go: the plans sold by payment link and the refills on sale, by id. */
export interface LinkTargets {
  plans: readonly string[];
  refills: readonly string[];
}

/** The file's links, by plan and by refill; an entry missing (or null) has no link. */
export interface PaymentLinks {
  plans: Map<string, PaymentLink>;
  refills: Map<string, PaymentLink>;
}

const SECTIONS = ['plans', 'refills'] as const;
type Section = (typeof SECTIONS)[number];
const FIELDS = ['url', 'id'] as const;
const LINK_ID = /^plink_\w+$/;

/** A file that cannot be used: the message names the file and every bad entry, one a line. */
export class PaymentLinksError extends Error {
  constructor(
    readonly file: string,
    readonly problems: readonly string[],
  ) {
    super(`PAYMENT_LINKS_FILE ${file} is invalid:\n  - ${problems.join('\n  - ')}`);
    this.name = 'PaymentLinksError';
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function httpsUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/**
 * Parses the file's `text` against the catalogue's `targets`: every problem is collected (an unknown
 * plan or refill, a plan not sold by payment link, a missing or malformed url or id, an unknown field,
 * one link id given twice) and thrown together as a PaymentLinksError naming each entry.
 */
export function parsePaymentLinks(file: string, text: string, targets: LinkTargets): PaymentLinks {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new PaymentLinksError(file, [`not JSON: ${(error as Error).message}`]);
  }
  if (!isObject(json)) throw new PaymentLinksError(file, ['must be an object with "plans" and "refills"']);

  const problems: string[] = [];
  const links: PaymentLinks = { plans: new Map(), refills: new Map() };
  const owners = new Map<string, string>();
  for (const key of Object.keys(json))
    if (!SECTIONS.includes(key as Section)) problems.push(`${key}: unknown section (plans, refills)`);

  for (const section of SECTIONS) {
    const entries = json[section];
    if (entries === undefined || entries === null) continue;
    if (!isObject(entries)) {
      problems.push(`${section}: must be an object of ${section === 'plans' ? 'plan' : 'refill'} ids`);
      continue;
    }
    const known = targets[section];
    for (const [target, entry] of Object.entries(entries)) {
      const name = `${section}.${target}`;
      if (!known.includes(target)) {
        problems.push(
          `${name}: no ${section === 'plans' ? 'plan sold by payment link' : 'refill on sale'} has this id (${known.join(', ')})`,
        );
        continue;
      }
      if (entry === null) continue;
      if (!isObject(entry)) {
        problems.push(`${name}: must be { "url": "https://buy.stripe.com/…", "id": "plink_…" } or null`);
        continue;
      }
      for (const field of Object.keys(entry))
        if (!FIELDS.includes(field as (typeof FIELDS)[number]))
          problems.push(`${name}.${field}: unknown field (url, id)`);
      const { url, id } = entry;
      if (!httpsUrl(url))
        problems.push(
          `${name}.url: must be the payment link's https:// address (got ${JSON.stringify(url)})`,
        );
      if (typeof id !== 'string' || !LINK_ID.test(id)) {
        problems.push(
          `${name}.id: must be the payment link's Stripe id, plink_… (got ${JSON.stringify(id)})`,
        );
      } else if (owners.has(id)) {
        problems.push(`${name}.id: ${id} is already the link of ${owners.get(id)}`);
      } else {
        owners.set(id, name);
      }
      if (typeof url === 'string' && typeof id === 'string') links[section].set(target, { url, id });
    }
  }
  if (problems.length > 0) throw new PaymentLinksError(file, problems);
  return links;
}
