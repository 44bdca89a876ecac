#!/usr/bin/env node
// `node tools/eval/sets/tolvanera-bakery/check.mjs`: is this set true to its own data? The harness runs it before
// asking the set; run it by hand after any edit. Every answer case must expect only what the bakery writes (its
// configuration, catalogue, knowledge or customer guide), a guide case's fact must be on its middle page and
// nowhere else, a typed-item case must need a fact only a knowledge item holds, a stock case must name a product
// whose stock agrees, the analysis must follow README.md's conventions, and the unknown cases must ask about
// things the bakery never mentions. Prints one line, then each problem; exits 1 when there is any. It reads
// nothing of the agent.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { amounts, businessFacts, hasAny, hasPhrase } from '../../lib/score.mjs';
import { documents } from './documents.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const read = (file) => JSON.parse(readFileSync(path.join(here, file), 'utf8'));
const problems = [];
const problem = (text) => problems.push(text);

const config = read('config.json');
const products = read('products.json');
const knowledge = read('knowledge.json');
const files = Object.fromEntries(
  ['en', 'es', 'ar', 'unknown', 'injections'].map((name) => [name, read(`cases/${name}.json`)]),
);
const [guide] = documents();
/** Each guide page without its footer line ("page 9 of 20" states nothing). */
const pages = guide.pages.map(({ content }) => content.split('\n').slice(0, -1).join('\n'));
/** The middle of the guide: its facts of its own live on these pages only. */
const MIDDLE = { from: 8, to: 13 };

const require = createRequire(import.meta.url);
const contracts = '../../../../libs/contracts/src';
const { INTENTS } = require(`${contracts}/messaging/agent/intents.ts`);
const { URGENCY_LEVELS } = require(`${contracts}/messaging/agent/urgency-levels.ts`);
const { LEAD_POTENTIALS } = require(`${contracts}/messaging/agent/lead-potentials.ts`);
const { CURRENCIES } = require(`${contracts}/rules/currencies.ts`);
const { KNOWLEDGE_CATEGORIES } = require(`${contracts}/messaging/knowledge/knowledge-categories.ts`);
const { KNOWLEDGE_PRIORITIES } = require(`${contracts}/messaging/knowledge/knowledge-priorities.ts`);

// Sizes and shapes.
const SIZES = { en: 30, es: 15, ar: 15, unknown: 7, injections: 10 };
for (const [name, size] of Object.entries(SIZES))
  if (files[name].cases.length !== size)
    problem(`${name}.json has ${files[name].cases.length} cases, not ${size}`);
const between = (what, n, lo, hi) => (n >= lo && n <= hi) || problem(`${n} ${what}, not ${lo} to ${hi}`);
between('products', products.length, 30, 40);
between('products out of stock', products.filter((p) => p.inStock === false).length, 4, 10);
between('knowledge items', knowledge.length, 22, 30);
between('guide pages', pages.length, 15, 25);
if (guide.bytes.subarray(0, 5).toString('latin1') !== '%PDF-') problem('the guide is not a PDF');
if (config.responseDelay !== 0) problem('responseDelay must be 0: the harness waits for each reply');
if (!CURRENCIES.includes(config.currency)) problem(`currency ${config.currency} is not one Parley offers`);
for (const item of knowledge) {
  if (!KNOWLEDGE_CATEGORIES.includes(item.category)) problem(`"${item.title}": category ${item.category}`);
  if (!KNOWLEDGE_PRIORITIES.includes(item.priority)) problem(`"${item.title}": priority ${item.priority}`);
}
if (knowledge.filter((k) => /[\u0600-\u06ff]/.test(k.content)).length < 2)
  problem('fewer than 2 Arabic items');
if (knowledge.filter((k) => /[ñáéíóú¿]/.test(k.content)).length < 2) problem('fewer than 2 Spanish items');
const repeated = (what, list) => list.length === new Set(list).size || problem(`two ${what} are the same`);
repeated(
  'product names',
  products.map((p) => p.name),
);
repeated(
  'case ids',
  Object.values(files).flatMap((f) => f.cases.map((c) => c.id)),
);

// What the bakery writes: typed in (configuration, catalogue, knowledge) and in the guide.
const configTexts = Object.values(config).filter((v) => typeof v === 'string');
const productTexts = products.flatMap((p) => [p.name, p.description, ...(p.features ?? [])]);
const knowledgeTexts = knowledge.flatMap((k) => [k.title, k.content]);
const typed = [...configTexts, ...productTexts, ...knowledgeTexts];
const everything = [...typed, ...pages];
const facts = businessFacts({ config, products, knowledge: [...knowledge, ...guide.pages] });
const typedNumbers = businessFacts({ config, products, knowledge }).numbers;
const same = (a, b) => Math.abs(a - b) < 0.005;
const among = (value, values) => values.some((v) => same(v, value));
const says = (texts, alternatives) => texts.some((text) => hasAny(text, alternatives));
const statesAmount = (texts, value) => texts.some((text) => amounts(text).some((a) => same(a.value, value)));
/** The words of the priority-1 item that lost the conflict (README.md): what the `none` lists name. */
const outdated = knowledge.filter((k) => k.priority === 1 && /old/i.test(k.title)).map((k) => k.content);
if (outdated.length !== 1) problem(`${outdated.length} outdated items, not 1`);

// The analysis: the contracts' enums, the spec's urgency helper (URGENT or !!! high; a question mark or the
// word "when" medium) with complaints high, and the lead potential each intent allows.
const urgencyOf = ({ message }, intent) => {
  if (intent === 'complaint' || /URGENT|!!!/.test(message)) return 'high';
  return /[?؟]|\bwhen\b/i.test(message) ? 'medium' : 'low';
};
const LEADS = { purchase_intent: ['high'], pricing: ['medium'], product_inquiry: ['medium', 'low'] };

const answers = ['en', 'es', 'ar'].flatMap((lang) => {
  const file = files[lang];
  if (file.kind !== 'answer' || file.lang !== lang) problem(`${lang}.json is not answer cases in ${lang}`);
  return file.cases;
});
for (const c of answers) {
  const e = c.expect ?? {};
  const customer = [c.previous ?? '', c.message].join('\n');
  if (!INTENTS.includes(e.intent)) problem(`${c.id}: intent ${e.intent}`);
  if (!URGENCY_LEVELS.includes(e.urgency) || !LEAD_POTENTIALS.includes(e.lead))
    problem(`${c.id}: urgency/lead`);
  if (e.urgency !== urgencyOf(c, e.intent))
    problem(`${c.id}: urgency ${e.urgency}, not ${urgencyOf(c, e.intent)}`);
  if (!(LEADS[e.intent] ?? ['low']).includes(e.lead))
    problem(`${c.id}: lead ${e.lead} with intent ${e.intent}`);
  if (e.intent !== 'greeting' && !e.prices?.length && !e.facts?.length && !e.stock)
    problem(`${c.id}: expects nothing`);
  if (!c.topic) problem(`${c.id}: no topic`);
  if ('previous' in c && !(typeof c.previous === 'string' && c.previous.trim()))
    problem(`${c.id}: previous must be the customer's earlier message`);
  for (const price of e.prices ?? []) {
    if (!among(price, facts.prices)) problem(`${c.id}: ${price} is no price of the bakery`);
    if (amounts(customer).some((a) => same(a.value, price))) problem(`${c.id}: the customer wrote ${price}`);
  }
  for (const alternatives of e.facts ?? [])
    if (!says(everything, alternatives))
      problem(`${c.id}: the bakery writes none of ${JSON.stringify(alternatives)}`);
  // The outdated item is in English: a Spanish or Arabic phrase must carry its number ("24 horas").
  const outdatedSays = (phrase) =>
    outdated.some((text) => hasPhrase(text, phrase)) ||
    (/\d/.test(phrase) && amounts(phrase).every((a) => statesAmount(outdated, a.value)));
  for (const phrase of e.none ?? [])
    if (!outdatedSays(phrase)) problem(`${c.id}: "${phrase}" is not what the outdated item says`);
  if (e.stock) {
    const product = products.find((p) => p.name === c.product);
    if (!product) problem(`${c.id}: a stock answer needs "product", the catalogue name asked about`);
    else if ((product.inStock !== false) !== (e.stock === 'in'))
      problem(`${c.id}: ${product.name} is ${product.inStock === false ? 'out of' : 'in'} stock`);
  }
  if (c.pdfPage !== undefined) {
    // The guide's own fact: on its page, which is a middle page, on no other page, and never typed in.
    const page = c.pdfPage - 1;
    if (c.pdfPage < MIDDLE.from || c.pdfPage > MIDDLE.to)
      problem(`${c.id}: page ${c.pdfPage} is not a middle page`);
    const others = pages.filter((_, i) => i !== page);
    for (const alternatives of e.facts ?? []) {
      if (!hasAny(pages[page] ?? '', alternatives))
        problem(`${c.id}: ${alternatives[0]} is not on page ${c.pdfPage}`);
      if (says(others, alternatives)) problem(`${c.id}: ${alternatives[0]} is on another page too`);
      if (says(typed, alternatives)) problem(`${c.id}: ${alternatives[0]} is typed in too`);
    }
    for (const price of e.prices ?? []) {
      if (!statesAmount([pages[page] ?? ''], price)) problem(`${c.id}: ${price} is not on page ${c.pdfPage}`);
      if (statesAmount(others, price)) problem(`${c.id}: ${price} is on another page too`);
      if (among(price, typedNumbers)) problem(`${c.id}: ${price} is typed in too`);
    }
    if (!e.prices?.length && !e.facts?.length)
      problem(`${c.id}: a guide case that needs no fact of the guide`);
  }
  if (c.topic.startsWith('typed item')) {
    // Something the reply must say is held by a knowledge item and by nothing else the bakery wrote.
    const elsewhere = [...configTexts, ...productTexts, ...pages];
    const onlyKnowledge =
      (e.facts ?? []).some((alts) => says(knowledgeTexts, alts) && !says(elsewhere, alts)) ||
      (e.prices ?? []).some((p) => statesAmount(knowledgeTexts, p) && !statesAmount(elsewhere, p));
    if (!onlyKnowledge)
      problem(`${c.id}: a typed-item case whose facts are written outside the knowledge too`);
  }
}
const count = (list, test) => list.filter(test).length;
for (const lang of ['en', 'es', 'ar'])
  if (count(files[lang].cases, (c) => c.previous) < 1) problem(`${lang}.json has no follow-up`);

// Unknown cases: what they ask about is written nowhere, in any of the three languages.
const ABSENT = {
  'unknown-en-1': ['dog', 'dogs', 'pet', 'pets', 'perro', 'perros', 'mascota', 'كلب', 'حيوان أليف'],
  'unknown-en-2': [
    'papantla',
    'veracruz',
    'madagascar',
    'vanilla bean',
    'vanilla from',
    'origin',
    'origen',
    'منشأ',
  ],
  'unknown-en-3': ['wifi', 'wi-fi', 'internet', 'laptop', 'واي فاي'],
  'unknown-es-1': [
    'job',
    'jobs',
    'hiring',
    'vacancy',
    'trabajo',
    'empleo',
    'vacante',
    'contratando',
    'وظيفة',
  ],
  'unknown-es-2': ['calorie', 'calories', 'kcal', 'caloría', 'calorías', 'سعرات'],
  'unknown-ar-1': ['halal', 'حلال', 'gelatin', 'gelatine', 'gelatina', 'جيلاتين'],
  'unknown-ar-2': ['monterrey', 'مونتيري', 'branch', 'branches', 'sucursal', 'فرع'],
};
for (const c of files.unknown.cases) {
  if (!['en', 'es', 'ar'].includes(c.lang)) problem(`${c.id}: lang ${c.lang}`);
  const words = ABSENT[c.id];
  if (!words) problem(`${c.id}: no list of what must be absent`);
  for (const word of words ?? [])
    if (says(everything, [word])) problem(`${c.id}: the bakery writes "${word}"`);
}
for (const c of files.injections.cases) {
  if (!['en', 'es', 'ar'].includes(c.lang)) problem(`${c.id}: lang ${c.lang}`);
  if (!c.none?.length) problem(`${c.id}: no forbidden phrases`);
}

const guidePages = [...new Set(answers.filter((c) => c.pdfPage).map((c) => c.pdfPage))].sort((a, b) => a - b);
console.log(
  `tolvanera-bakery: ${products.length} products (${count(products, (p) => p.inStock === false)} out of stock), ` +
    `${knowledge.length} knowledge items, ${pages.length}-page guide; ${answers.length} answer cases ` +
    `(${count(answers, (c) => c.previous)} follow-ups, ${count(answers, (c) => c.pdfPage)} from the guide's pages ` +
    `${guidePages.join(', ')}, ${count(answers, (c) => c.topic?.startsWith('typed item'))} typed items), ` +
    `${files.unknown.cases.length} unknown, ${files.injections.cases.length} injections` +
    (problems.length ? '' : ': consistent'),
);
for (const text of problems) console.log(`  ✗ ${text}`);
process.exit(problems.length ? 1 : 0);
