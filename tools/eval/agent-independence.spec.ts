import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { type EvalSet, listSets, readSet } from './lib/sets.mjs';

// No rule, word list or phrase of the agent names either evaluation's business, products or wording: the
// sets measure the agent only while it knows nothing of them. The terms are derived from the sets' own files,
// so a new set, product or case is covered without editing this test.

const root = path.resolve(__dirname, '../..');
const setsDir = path.join(__dirname, 'sets');
/**
 * The agent: how a reply is made (libs/agent, all of it: rules, language packs, prompts) and messaging-service's
 * module and reply job around it.
 */
const AGENT_DIRS = ['libs/agent', 'apps/messaging-service/src/agent', 'apps/messaging-service/src/replies'];
/** A run of this many words of a set's text (a case, a knowledge item, a document page) is its wording. */
const SHINGLE = 6;
/**
 * Names and words any business may write, which the agent may know without knowing a set (payment brands,
 * countries, an ordinary word that a set happens to write capitalised only).
 */
const GENERAL_NAMES = new Set([
  ...['paypal', 'mastercard', 'bizum', 'españa', 'mixed'],
  // English writes day and month names capitalised: calendar words, not a set's proper words.
  ...['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].flatMap((d) => [
    d,
    `${d}s`,
  ]),
  ...['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october'],
  ...['november', 'december'],
]);

const isSpec = (file: string) => /\.(spec|integration-spec)\.tsx?$/.test(file);
const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
/** Every file of the agent that holds words: code, word lists, phrasebooks and the notes beside them. */
const agentFiles = AGENT_DIRS.map((d) => path.join(root, d))
  .filter((d) => existsSync(d))
  .flatMap(walk)
  .filter((f) => /\.(ts|tsx|js|mjs|json|md)$/.test(f))
  .map((file) => ({ file: path.relative(root, file), text: readFileSync(file, 'utf8') }));

/** Lower case, no accents, words joined by single spaces: how wording is compared. */
const words = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f\u064b-\u065f\u0670]/g, '')
    .match(/[\p{L}\p{N}]+/gu) ?? [];
const plain = (text: string) => ` ${words(text).join(' ')} `;

/**
 * The vocabulary of the rest of the product (every other app and lib): a capitalised word a set writes that
 * the product also writes elsewhere is a general word ("Monday", "Arabic"), not the set's.
 */
const productVocabulary = new Set(
  [...readdirSync(path.join(root, 'apps')).map((a) => `apps/${a}/src`), 'libs']
    .map((d) => path.join(root, d))
    .filter((d) => existsSync(d))
    .flatMap(walk)
    .filter((f) => /\.(ts|tsx|json)$/.test(f) && !AGENT_DIRS.some((d) => f.startsWith(path.join(root, d))))
    .flatMap((f) => words(readFileSync(f, 'utf8'))),
);

/** Everything a set writes: configuration, products, knowledge, document pages, the customers' messages. */
function setTexts(set: EvalSet): string[] {
  const { config, products, knowledge } = set.business;
  return [
    ...Object.values(config).filter((v): v is string => typeof v === 'string'),
    ...products.flatMap((p) => [p.name, p.description ?? '', ...(p.features ?? [])]),
    ...knowledge.flatMap((k) => [k.title, k.content]),
    ...set.documents.flatMap((d) => d.pages.map((p) => p.content)),
    ...set.cases.flatMap((c) => [c.message, c.previous ?? '']),
  ];
}

interface Term {
  kind: string;
  term: string;
}

/** The set's names (business, domains, products), its own proper words, and its wording. */
function setTerms(set: EvalSet): Term[] {
  const { config, products, knowledge } = set.business;
  const texts = setTexts(set);
  const domain = (value: string) => value.replace(/^.*@|^https?:\/\/|\/.*$/g, '');
  const names: Term[] = [
    { kind: 'business', term: config.companyName },
    { kind: 'business', term: config.companyName.split(' ')[0] },
    { kind: 'e-mail domain', term: domain(config.email) },
    ...(typeof config.website === 'string' ? [{ kind: 'website', term: domain(config.website) }] : []),
    ...products.map((p) => ({ kind: 'product', term: p.name })),
  ];
  // Proper words: capitalised inside a sentence or in a product name, never written in lower case by the
  // set, and nowhere else in the product ("Carvajal", "Airflow", "Tavira").
  const tokens = texts.flatMap((t) => t.match(/\p{L}[\p{L}\p{N}]*/gu) ?? []);
  const lower = new Set(tokens.filter((t) => t === t.toLowerCase()));
  const capitalised = new Set(products.flatMap((p) => p.name.match(/\p{L}[\p{L}\p{N}]*/gu) ?? []));
  for (const text of texts)
    for (const m of text.matchAll(/(?<=[\s("])(?<![.!?¿¡:]\s)(\p{Lu}[\p{L}\p{N}]*)/gu)) capitalised.add(m[1]);
  const proper = [...capitalised].filter(
    (w) =>
      w.length >= 4 &&
      !lower.has(w.toLowerCase()) &&
      !productVocabulary.has(words(w)[0] ?? w) &&
      !GENERAL_NAMES.has(w.toLowerCase()),
  );
  const wording = new Set<string>();
  for (const text of [
    ...set.cases.flatMap((c) => [c.message, c.previous ?? '']),
    ...knowledge.map((k) => k.content),
    ...set.documents.flatMap((d) => d.pages.map((p) => p.content)),
  ]) {
    const w = words(text);
    for (let i = 0; i + SHINGLE <= w.length; i++) wording.add(w.slice(i, i + SHINGLE).join(' '));
  }
  return [
    ...names,
    ...proper.map((term) => ({ kind: 'word', term })),
    ...[...wording].map((term) => ({ kind: 'wording', term })),
  ];
}

/** Where the agent's files say a term: `file: kind "term"` for each. */
function found(terms: Term[], files: typeof agentFiles): string[] {
  return files.flatMap(({ file, text }) => {
    const said = plain(text);
    return terms
      .filter(({ term }) => said.includes(plain(term)))
      .map(({ kind, term }) => `${file}: ${kind} "${term}"`);
  });
}

describe('the agent knows nothing of the evaluation sets', () => {
  let sets: EvalSet[];
  const named = (name: string): EvalSet => {
    const set = sets.find((s) => s.name === name);
    if (!set) throw new Error(`no set ${name}`);
    return set;
  };
  beforeAll(async () => {
    sets = await Promise.all(listSets(setsDir).map((name) => readSet(setsDir, name)));
  });

  it('derives names, proper words and wording from every set', () => {
    expect(sets.length).toBeGreaterThanOrEqual(2);
    for (const set of sets) {
      const terms = setTerms(set);
      const kinds = new Set(terms.map((t) => t.kind));
      expect([...kinds]).toEqual(expect.arrayContaining(['business', 'product', 'word', 'wording']));
      expect(terms.length).toBeGreaterThan(500);
    }
    const marbrisa = setTerms(named('marbrisa-dental')).map((t) => t.term);
    expect(marbrisa).toEqual(expect.arrayContaining(['Marbrisa', 'Hygiene Clean', 'MediSur', 'Caliza']));
  });

  it('reads every folder of the agent, its language packs and their notes included', () => {
    for (const dir of AGENT_DIRS)
      expect(agentFiles.some(({ file }) => file.startsWith(`${dir}/`))).toBe(true);
    const packs = agentFiles
      .map(({ file }) => file)
      .filter((file) => file.startsWith('libs/agent/src/languages/'));
    expect(packs).toEqual(
      expect.arrayContaining([
        ...['en', 'es', 'ar'].flatMap((code) =>
          ['index', 'vocabulary', 'cues', 'phrasebook'].map(
            (part) => `libs/agent/src/languages/${code}/${part}.ts`,
          ),
        ),
        'libs/agent/src/languages/README.md',
      ]),
    );
  });

  it('no rule, word list or phrase of the agent names a set’s business, products or wording', () => {
    const rules = agentFiles.filter(({ file }) => !isSpec(file));
    expect(rules.length).toBeGreaterThan(10);
    expect(sets.flatMap((set) => found(setTerms(set), rules))).toEqual([]);
  });

  it('not even a test of the agent names a held-out set’s business, products or wording', () => {
    const heldOut = sets.filter((set) => set.heldOut);
    expect(heldOut.length).toBeGreaterThanOrEqual(1);
    expect(heldOut.flatMap((set) => found(setTerms(set), agentFiles))).toEqual([]);
  });

  it('would see a set’s name, product or sentence written into the agent', () => {
    const marbrisa = named('marbrisa-dental');
    const kestrel = named('kestrel-cycles');
    const planted = (text: string) => [{ file: 'planted.ts', text }];
    expect(found(setTerms(marbrisa), planted("const CLINIC = 'marbrisa';"))).not.toEqual([]);
    expect(found(setTerms(marbrisa), planted("['hygiene  clean', 'check-up']"))).not.toEqual([]);
    expect(found(setTerms(kestrel), planted('// Falco Road 3 Pro'))).not.toEqual([]);
    const sentence = marbrisa.cases.find((c) => c.kind === 'unknown')?.message ?? '';
    expect(found(setTerms(marbrisa), planted(`cue('${sentence.toUpperCase()}')`))).not.toEqual([]);
    expect(found(setTerms(marbrisa), planted("const greeting = 'Thanks for your message';"))).toEqual([]);
  });
});
