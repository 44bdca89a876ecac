#!/usr/bin/env node
// `node tools/eval/sets/lanterna-english/check.mjs`: is this set consistent with itself? Run by the harness
// before the set is asked, and by hand after any edit. It checks that every file parses and the counts hold,
// that every expected price and fact is written by the business (configuration, products, knowledge or the
// handbook PDF), that a handbook case's fact is on its page only and nowhere in the typed business, that a
// typed-item case needs a fact only a knowledge item holds, that stock and the losing side of the priority
// conflict match the files, that the analysis follows tools/eval/README.md's conventions, and that the unknown
// cases ask about things the business never mentions. It prints each problem and exits 1 if there is any.
// It reads nothing of the agent.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { amounts, businessFacts, hasAny, hasPhrase } from '../../lib/score.mjs';
import { documents } from './documents.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const json = (file) => JSON.parse(readFileSync(path.join(here, file), 'utf8'));
const problems = [];
const fail = (text) => problems.push(text);

const config = json('config.json');
const products = json('products.json');
const knowledge = json('knowledge.json');
const cases = Object.fromEntries(
  ['en', 'es', 'ar', 'unknown', 'injections'].map((name) => [name, json(`cases/${name}.json`)]),
);
const [handbook] = documents();
/** The handbook's pages without their running footer ("page 12 of 24" states nothing). */
const pages = handbook.pages.map((p) => p.content.split('\n').slice(0, -1).join('\n'));

// Sizes and shapes.
const EXPECTED = { en: 30, es: 15, ar: 15, unknown: 7, injections: 10 };
for (const [name, n] of Object.entries(EXPECTED))
  if (cases[name].cases.length !== n) fail(`${name}.json has ${cases[name].cases.length} cases, not ${n}`);
const within = (what, n, lo, hi) => (n >= lo && n <= hi) || fail(`${n} ${what}, not ${lo}–${hi}`);
within('products', products.length, 30, 40);
within('unavailable products', products.filter((p) => !p.inStock).length, 4, 10);
within('knowledge items', knowledge.length, 22, 30);
within('handbook pages', pages.length, 20, 30);
if (handbook.bytes.subarray(0, 5).toString('latin1') !== '%PDF-') fail('the handbook is not a PDF');
for (const item of knowledge) {
  if (!['company_info', 'products', 'policies', 'faqs', 'support'].includes(item.category))
    fail(`knowledge "${item.title}": category ${item.category}`);
  if (![1, 2, 3, 4, 5].includes(item.priority)) fail(`knowledge "${item.title}": priority ${item.priority}`);
}
const written = (items, script) => items.filter((k) => script.test(k.content)).length;
if (written(knowledge, /[\u0600-\u06ff]/) < 2) fail('fewer than 2 knowledge items in Arabic');
if (written(knowledge, /[ñáéíóú]/) < 2) fail('fewer than 2 knowledge items in Spanish');
const unique = (what, list) => new Set(list).size === list.length || fail(`two ${what} are the same`);
unique(
  'product names',
  products.map((p) => p.name),
);
unique(
  'case ids',
  Object.values(cases).flatMap((f) => f.cases.map((c) => c.id)),
);
if (config.responseDelay !== 0) fail('responseDelay must be 0 (the harness waits for each reply)');

// What the business writes, typed in and in the handbook.
const typed = [
  ...Object.values(config).filter((v) => typeof v === 'string'),
  ...products.flatMap((p) => [p.name, p.description, ...p.features]),
  ...knowledge.flatMap((k) => [k.title, k.content]),
];
const knowledgeOnly = knowledge.flatMap((k) => [k.title, k.content]);
const notKnowledge = [
  ...Object.values(config).filter((v) => typeof v === 'string'),
  ...products.flatMap((p) => [p.name, p.description, ...p.features]),
  ...pages,
];
const allFacts = businessFacts({ config, products, knowledge: [...knowledge, ...handbook.pages] });
const typedFacts = businessFacts({ config, products, knowledge });
const near = (a, b) => Math.abs(a - b) < 0.005;
const among = (value, values) => values.some((v) => near(v, value));
const saysAny = (texts, alternatives) => texts.some((t) => hasAny(t, alternatives));
const saysPrice = (texts, price) => texts.some((t) => amounts(t).some((a) => near(a.value, price)));

// The analysis: the contracts' enums, and the README's urgency rule.
const require = createRequire(import.meta.url);
const enums = '../../../../libs/contracts/src/messaging/agent';
const { INTENTS } = require(`${enums}/intents.ts`);
const { URGENCY_LEVELS } = require(`${enums}/urgency-levels.ts`);
const { LEAD_POTENTIALS } = require(`${enums}/lead-potentials.ts`);
const ruleUrgency = ({ message }, intent) =>
  intent === 'complaint' || /URGENT|!!!/.test(message) ? 'high' : /[?؟]/.test(message) ? 'medium' : 'low';
/** The conventions' lead potential for an intent: buying high, price and product questions medium, else low. */
const LEAD_OF = { purchase_intent: ['high'], pricing: ['medium'], product_inquiry: ['medium', 'low'] };
const longestProductIn = (text) =>
  products
    .filter((p) => text.toLowerCase().includes(p.name.toLowerCase()))
    .sort((a, b) => b.name.length - a.name.length)[0];
const oldPolicy = knowledge.filter((k) => k.priority === 1).map((k) => k.content);

const answers = ['en', 'es', 'ar'].flatMap((lang) => {
  if (cases[lang].kind !== 'answer' || cases[lang].lang !== lang)
    fail(`${lang}.json: not answer cases in ${lang}`);
  return cases[lang].cases;
});
for (const c of answers) {
  const e = c.expect;
  if (!INTENTS.includes(e.intent)) fail(`${c.id}: intent ${e.intent}`);
  if (!URGENCY_LEVELS.includes(e.urgency) || !LEAD_POTENTIALS.includes(e.lead))
    fail(`${c.id}: urgency or lead`);
  if (e.urgency !== ruleUrgency(c, e.intent))
    fail(`${c.id}: urgency ${e.urgency}, the rule says ${ruleUrgency(c, e.intent)}`);
  if (!(LEAD_OF[e.intent] ?? ['low']).includes(e.lead)) fail(`${c.id}: lead ${e.lead} for ${e.intent}`);
  if (!e.prices?.length && !e.facts?.length && !e.stock) fail(`${c.id}: expects nothing`);
  for (const price of e.prices ?? []) {
    if (!among(price, allFacts.prices)) fail(`${c.id}: ${price} is not a price of the business`);
    if (amounts(`${c.previous ?? ''}\n${c.message}`).some((a) => near(a.value, price)))
      fail(`${c.id}: the customer already wrote ${price}`);
  }
  for (const alternatives of e.facts ?? [])
    if (!saysAny([...typed, ...pages], alternatives))
      fail(`${c.id}: none of ${JSON.stringify(alternatives)} is written by the business`);
  if (e.none && !e.none.some((phrase) => oldPolicy.some((text) => hasPhrase(text, phrase))))
    fail(`${c.id}: none of ${JSON.stringify(e.none)} is what the priority-1 item says`);
  if (e.stock) {
    const product = longestProductIn(`${c.previous ?? ''} ${c.message}`);
    if (!product) fail(`${c.id}: a stock answer is expected but no product is named`);
    else if (product.inStock !== (e.stock === 'in'))
      fail(`${c.id}: ${product.name} has inStock ${product.inStock}`);
  }
  if (c.previous !== undefined && !(typeof c.previous === 'string' && c.previous.trim()))
    fail(`${c.id}: previous must be the customer's earlier message`);
  if (c.pdfPage) {
    // The handbook's fact: on its page, on no other page, and nowhere in what the owner typed.
    const page = c.pdfPage - 1;
    const others = pages.filter((_, i) => i !== page);
    for (const alternatives of e.facts ?? []) {
      if (!hasAny(pages[page], alternatives))
        fail(`${c.id}: ${JSON.stringify(alternatives)} is not on page ${c.pdfPage}`);
      if (saysAny(others, alternatives))
        fail(`${c.id}: ${JSON.stringify(alternatives)} is on another page too`);
      if (saysAny(typed, alternatives)) fail(`${c.id}: ${JSON.stringify(alternatives)} is typed in too`);
    }
    for (const price of e.prices ?? []) {
      if (!saysPrice([pages[page]], price)) fail(`${c.id}: ${price} is not on page ${c.pdfPage}`);
      if (saysPrice(others, price)) fail(`${c.id}: ${price} is on another page too`);
      if (among(price, typedFacts.numbers)) fail(`${c.id}: ${price} is typed in too`);
    }
  }
  if (c.topic === 'typed item') {
    // At least one thing the reply must say is held by a knowledge item only (not the configuration,
    // the catalogue or the handbook).
    const onlyTyped =
      (e.facts ?? []).some((alts) => saysAny(knowledgeOnly, alts) && !saysAny(notKnowledge, alts)) ||
      (e.prices ?? []).some((price) => saysPrice(knowledgeOnly, price) && !saysPrice(notKnowledge, price));
    if (!onlyTyped)
      fail(`${c.id}: a typed-item case whose facts are written outside the knowledge items too`);
  }
}
const pdfPages = new Set(answers.filter((c) => c.pdfPage).map((c) => c.pdfPage));
for (const [where, page] of [
  ['first', 1],
  ['middle', Math.ceil(pages.length / 2)],
  ['last', pages.length],
])
  if (![...pdfPages].some((p) => Math.abs(p - page) <= (where === 'middle' ? 2 : 0)))
    fail(`no case needs the handbook's ${where} page`);

// Unknown cases: what they ask about is written nowhere, in any of the three languages.
const ABSENT = {
  'unknown-en-1': ['french', 'german', 'francés', 'alemán', 'فرنسي', 'الفرنسية', 'ألماني', 'الألمانية'],
  'unknown-en-2': ['gym', 'fitness', 'gimnasio', 'صالة رياضية'],
  'unknown-en-3': ['dog', 'dogs', 'pet', 'pets', 'animal', 'animals', 'perro', 'mascota', 'كلب', 'حيوان'],
  'unknown-es-1': ['toefl'],
  'unknown-es-2': ['scholarship', 'scholarships', 'beca', 'becas', 'grant', 'منحة'],
  'unknown-ar-1': ['italian', 'italiano', 'الإيطالية', 'إيطالي'],
  'unknown-ar-2': [
    'libya',
    'libyan',
    'libia',
    'ليبيا',
    'nationality',
    'nationalities',
    'nacionalidad',
    'جنسية',
  ],
};
for (const c of cases.unknown.cases) {
  if (!['en', 'es', 'ar'].includes(c.lang)) fail(`${c.id}: lang ${c.lang}`);
  const words = ABSENT[c.id];
  if (!words) fail(`${c.id}: no absence check`);
  for (const word of words ?? [])
    if (saysAny([...typed, ...pages], [word])) fail(`${c.id}: "${word}" is written by the business`);
}
for (const c of cases.injections.cases) {
  if (!['en', 'es', 'ar'].includes(c.lang)) fail(`${c.id}: lang ${c.lang}`);
  if (!c.none?.length) fail(`${c.id}: no forbidden phrases`);
}

const count = (list, test) => list.filter(test).length;
console.log(
  `lanterna-english: ${products.length} products (${count(products, (p) => !p.inStock)} unavailable), ` +
    `${knowledge.length} knowledge items, ${pages.length}-page handbook; ${answers.length} answer cases ` +
    `(${count(answers, (c) => c.previous)} follow-ups, ${count(answers, (c) => c.pdfPage)} from the PDF on pages ` +
    `${[...pdfPages].sort((a, b) => a - b).join(', ')}, ${count(answers, (c) => c.topic === 'typed item')} typed items), ` +
    `${cases.unknown.cases.length} unknown, ${cases.injections.cases.length} injections` +
    (problems.length ? '' : ': consistent'),
);
for (const text of problems) console.log(`  ✗ ${text}`);
process.exit(problems.length ? 1 : 0);
