// The fictional business (business/*.json) and the cases (cases/*.json), and loading the business into an
// owner's account through the public API, as an owner would through the web app.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { api } from '../../bench/lib/owners.mjs';

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

export function readBusiness(dir) {
  return {
    config: readJson(path.join(dir, 'config.json')),
    products: readJson(path.join(dir, 'products.json')),
    knowledge: readJson(path.join(dir, 'knowledge.json')),
  };
}

/** Every case as { id, kind: answer | unknown | injection, lang, message, expect?, none? }. */
export function readCases(dir) {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .flatMap((f) => {
      const { kind, lang, cases } = readJson(path.join(dir, f));
      return cases.map((c) => ({ kind, lang, ...c }));
    });
}

/**
 * PUT /api/ai-config, POST /api/products for each product, POST /api/ai/knowledge for each item. Returns
 * { knowledge: number stored, or null when the knowledge API answers 404 (not there yet) }.
 */
export async function loadBusiness(ctx, owner, business) {
  const saved = (await api(ctx, owner, 'PUT', '/api/ai-config', business.config)).body;
  if (!saved.setupCompleted) throw new Error('the AI configuration was saved but setupCompleted is false');
  for (const product of business.products) await api(ctx, owner, 'POST', '/api/products', product);
  let stored = 0;
  for (const item of business.knowledge) {
    try {
      await api(ctx, owner, 'POST', '/api/ai/knowledge', item);
      stored++;
    } catch (error) {
      if (stored === 0 && / answered 404:/.test(error.message)) return { knowledge: null };
      throw error;
    }
  }
  return { knowledge: stored };
}
