// The evaluation sets: one folder per set under tools/eval/sets/, each a fictional business and its cases.
//   set.json        { title, heldOut }: a held-out set is run only to measure, never to tune (see its README)
//   config.json     the AI configuration (PUT /api/ai-config)
//   products.json   the catalogue (POST /api/products each)
//   knowledge.json  the knowledge items (POST /api/ai/knowledge each)
//   cases/*.json    { kind: answer | unknown | injection, lang?, cases: [...] }
//   documents.mjs   optional: documents() → [{ fileName, type, bytes, pages: [{ title, content }] }], training
//                   documents to upload; their pages count as the business's text when scoring
//   check.mjs       optional: the set's own consistency check, run before the set is asked (exit 0 = fine)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** The sets' folder names, sorted. */
export function listSets(setsDir) {
  return readdirSync(setsDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(path.join(setsDir, d.name, 'set.json')))
    .map((d) => d.name)
    .sort();
}

/** Every case as { id, kind: answer | unknown | injection, lang, message, previous?, expect?, none? }. */
export function readCases(dir) {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .flatMap((f) => {
      const { kind, lang, cases } = readJson(path.join(dir, f));
      return cases.map((c) => ({ kind, lang, ...c }));
    });
}

/** One set: its description, business, cases, documents (read now: they are small) and check script. */
export async function readSet(setsDir, name) {
  const dir = path.resolve(setsDir, name);
  if (!existsSync(path.join(dir, 'set.json')))
    throw new Error(`no set "${name}" in ${setsDir} (sets: ${listSets(setsDir).join(', ')})`);
  const documentsFile = path.join(dir, 'documents.mjs');
  const documents = existsSync(documentsFile)
    ? // A plain absolute path (POSIX): Node's import() and Jest's require() both take it.
      (await import(documentsFile)).documents()
    : [];
  const checkFile = path.join(dir, 'check.mjs');
  return {
    name,
    dir,
    ...readJson(path.join(dir, 'set.json')),
    business: {
      config: readJson(path.join(dir, 'config.json')),
      products: readJson(path.join(dir, 'products.json')),
      knowledge: readJson(path.join(dir, 'knowledge.json')),
    },
    cases: readCases(path.join(dir, 'cases')),
    documents,
    check: existsSync(checkFile) ? checkFile : null,
  };
}

/**
 * The business as the scorer sees it: what was typed in, plus the text of every page of its training
 * documents (a right answer from the handbook is the business's fact, not an invention).
 */
export function scoredBusiness(set) {
  return {
    ...set.business,
    knowledge: [...set.business.knowledge, ...set.documents.flatMap((d) => d.pages)],
  };
}
