import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parsePaymentLinks, PaymentLinksError } from './payment-links';

const TARGETS = { plans: ['basic', 'pro'], refills: ['basic', 'power', 'pro', 'unlimited'] };
const link = (name: string) => ({ url: `https://buy.stripe.com/${name}`, id: `plink_${name}` });

function problemsOf(json: unknown): readonly string[] {
  try {
    parsePaymentLinks('links.json', JSON.stringify(json), TARGETS);
  } catch (error) {
    if (error instanceof PaymentLinksError) return error.problems;
    throw error;
  }
  throw new Error('the file was accepted');
}

describe('the payment-links file', () => {
  it('reads each plan and refill link; null or a missing entry is no link', () => {
    const links = parsePaymentLinks(
      'links.json',
      JSON.stringify({ plans: { pro: link('pro'), basic: null }, refills: { power: link('power') } }),
      TARGETS,
    );
    expect([...links.plans]).toEqual([['pro', link('pro')]]);
    expect([...links.refills]).toEqual([['power', link('power')]]);
  });

  it('accepts the example committed for operators', () => {
    const example = readFileSync(join(__dirname, '../../../../docker/payment-links.example.json'), 'utf8');
    const links = parsePaymentLinks('example', example, TARGETS);
    expect([...links.plans.keys()]).toEqual(['basic', 'pro']);
    expect([...links.refills.keys()]).toEqual(['basic', 'power', 'pro', 'unlimited']);
  });

  it('names every bad entry, all at once', () => {
    expect(
      problemsOf({
        plans: {
          gold: link('gold'),
          free: link('free'),
          pro: { url: 'http://buy.stripe.com/pro', id: 'pro' },
        },
        refills: {
          power: { ...link('power'), price: 3 },
          basic: { url: 'https://buy.stripe.com/b', id: 'plink_power' },
        },
        extras: {},
      }),
    ).toEqual([
      'extras: unknown section (plans, refills)',
      'plans.gold: no plan sold by payment link has this id (basic, pro)',
      'plans.free: no plan sold by payment link has this id (basic, pro)',
      'plans.pro.url: must be the payment link\'s https:// address (got "http://buy.stripe.com/pro")',
      'plans.pro.id: must be the payment link\'s Stripe id, plink_… (got "pro")',
      'refills.power.price: unknown field (url, id)',
      'refills.basic.id: plink_power is already the link of refills.power',
    ]);
  });

  it('names the file when it is not JSON, or not an object of sections', () => {
    expect(() => parsePaymentLinks('/etc/links.json', '{ plans: ', TARGETS)).toThrow(
      /^PAYMENT_LINKS_FILE \/etc\/links.json is invalid:\n {2}- not JSON: /,
    );
    expect(problemsOf([])).toEqual(['must be an object with "plans" and "refills"']);
    expect(problemsOf({ plans: [] })).toEqual(['plans: must be an object of plan ids']);
    expect(problemsOf({ plans: { pro: 'https://buy.stripe.com/pro' } })).toEqual([
      'plans.pro: must be { "url": "https://buy.stripe.com/…", "id": "plink_…" } or null',
    ]);
  });
});
