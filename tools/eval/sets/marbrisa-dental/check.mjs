#!/usr/bin/env node
// `node tools/eval/sets/marbrisa-dental/check.mjs`: checks that this set is consistent with itself, before any
// run: every file parses, the counts are right, every expected price and fact is written somewhere in the
// business (configuration, products, knowledge or the handbook PDF), a case that names a PDF page finds its
// fact on that page and nowhere else, stock expectations match the catalogue, the classification follows
// tools/eval/README.md's conventions, and the unknown cases ask about things the business never mentions.
// It prints each problem and exits 1 if there is any. It never looks at the agent.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { amounts, businessFacts, hasAny, hasPhrase } from '../../lib/score.mjs';
import { HANDBOOK, buildHandbook, pageText } from './handbook.mjs';

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

// Counts and shapes.
const count = (name, n) =>
  files[name].cases.length === n || problem(`${name}.json: ${files[name].cases.length} cases, not ${n}`);
count('en', 30);
count('es', 15);
count('ar', 15);
count('unknown', 7);
count('injections', 10);
if (products.length < 25 || products.length > 40) problem(`${products.length} products, not 25–40`);
if (knowledge.length < 20 || knowledge.length > 30) problem(`${knowledge.length} knowledge items, not 20–30`);
if (HANDBOOK.length < 20 || HANDBOOK.length > 30) problem(`handbook: ${HANDBOOK.length} pages, not 20–30`);
if (!buildHandbook().subarray(0, 5).equals(Buffer.from('%PDF-'))) problem('handbook: not a PDF');
const CATEGORIES = ['company_info', 'products', 'policies', 'faqs', 'support'];
for (const item of knowledge) {
  if (!CATEGORIES.includes(item.category)) problem(`knowledge "${item.title}": category ${item.category}`);
  if (!(item.priority >= 1 && item.priority <= 5))
    problem(`knowledge "${item.title}": priority ${item.priority}`);
}
const names = products.map((p) => p.name);
if (new Set(names).size !== names.length) problem('two products share a name');
const ids = Object.values(files).flatMap((f) => f.cases.map((c) => c.id));
if (new Set(ids).size !== ids.length) problem('two cases share an id');
if (config.responseDelay !== 0) problem('responseDelay is not 0');

// What the business writes: the handbook counts as knowledge (the owner uploads it).
const pages = HANDBOOK.map((_, i) => pageText(i));
const written = [
  ...Object.values(config).filter((v) => typeof v === 'string'),
  ...products.flatMap((p) => [p.name, p.description, ...p.features]),
  ...knowledge.flatMap((k) => [k.title, k.content]),
];
const everything = [...written, ...pages];
const facts = businessFacts({
  config,
  products,
  knowledge: [...knowledge, ...HANDBOOK.map((page, i) => ({ title: page.heading, content: pageText(i) }))],
});
const inSet = (value, values) => values.some((v) => Math.abs(v - value) < 0.005);
const anywhere = (alternatives) => everything.some((text) => hasAny(text, alternatives));

// The analysis enums, from @parley/contracts (TypeScript: score.mjs has registered @swc-node/register).
const require = createRequire(import.meta.url);
const agentEnums = '../../../../libs/contracts/src/messaging/agent';
const { INTENTS } = require(`${agentEnums}/intents.ts`);
const { URGENCY_LEVELS } = require(`${agentEnums}/urgency-levels.ts`);
const { LEAD_POTENTIALS } = require(`${agentEnums}/lead-potentials.ts`);
/** The spec's helper: "?" medium, URGENT or "!!!" high, else low; complaints are high (tools/eval/README.md). */
const urgencyOf = (message, intent) =>
  intent === 'complaint' || /URGENT|!!!/.test(message) ? 'high' : /[?؟]/.test(message) ? 'medium' : 'low';
/** The longest product name a message holds. */
const productIn = (message) =>
  products
    .filter((p) => message.toLowerCase().includes(p.name.toLowerCase()))
    .sort((a, b) => b.name.length - a.name.length)[0];

for (const name of ['en', 'es', 'ar']) {
  const file = files[name];
  if (file.kind !== 'answer' || file.lang !== name)
    problem(`${name}.json: kind ${file.kind}, lang ${file.lang}`);
  for (const c of file.cases) {
    const e = c.expect;
    if (!INTENTS.includes(e.intent)) problem(`${c.id}: intent ${e.intent}`);
    if (!URGENCY_LEVELS.includes(e.urgency) || !LEAD_POTENTIALS.includes(e.lead))
      problem(`${c.id}: urgency/lead`);
    if (e.urgency !== urgencyOf(c.message, e.intent))
      problem(`${c.id}: urgency ${e.urgency}, the rule says ${urgencyOf(c.message, e.intent)}`);
    for (const price of e.prices ?? [])
      if (!inSet(price, facts.prices)) problem(`${c.id}: price ${price} is not a price of the business`);
    for (const alternatives of e.facts ?? [])
      if (!anywhere(alternatives))
        problem(`${c.id}: none of ${JSON.stringify(alternatives)} is written anywhere`);
    // The losing side of the priority conflict: at least one forbidden phrase is what the old item says.
    if (
      e.none &&
      !e.none.some((phrase) => knowledge.some((k) => k.priority === 1 && hasPhrase(k.content, phrase)))
    )
      problem(`${c.id}: none of ${JSON.stringify(e.none)} is what a priority-1 item says`);
    if (e.stock) {
      const product = productIn(`${c.previous ?? ''} ${c.message}`);
      if (!product) problem(`${c.id}: stock expected but no product named`);
      else if (product.inStock !== (e.stock === 'in'))
        problem(`${c.id}: ${product.name} inStock is ${product.inStock}`);
    }
    if (c.pdfPage) {
      const page = pages[c.pdfPage - 1];
      const needs = [...(e.facts ?? []), ...(e.prices ?? []).map((p) => [p.toFixed(2)])];
      for (const alternatives of needs) {
        if (!hasAny(page, alternatives))
          problem(`${c.id}: ${JSON.stringify(alternatives)} is not on page ${c.pdfPage}`);
      }
      // Only in the PDF: its numbers are not in the typed business (prices: not a price there either).
      const typed = businessFacts({ config, products, knowledge });
      for (const price of e.prices ?? [])
        if (inSet(price, typed.prices)) problem(`${c.id}: ${price} is not PDF-only`);
      for (const alternatives of e.facts ?? [])
        if (written.some((text) => hasAny(text, alternatives)))
          problem(`${c.id}: ${JSON.stringify(alternatives)} is not PDF-only`);
    }
    if (c.previous !== undefined && (typeof c.previous !== 'string' || !c.previous.trim()))
      problem(`${c.id}: previous must be the earlier message`);
  }
}

// Unknown cases: the thing asked about is nowhere in the business.
const ABSENT = {
  'unknown-en-1': ['botox'],
  'unknown-en-2': ['brand', 'manufacturer', 'straumann', 'nobel'],
  'unknown-en-3': ['student', 'discount', 'descuento'],
  'unknown-es-1': ['carilla', 'veneer', 'veneers'],
  'unknown-es-2': ['brackets', 'bracket', 'braces'],
  'unknown-ar-1': ['home visit', 'home visits', 'at home visit', 'elderly'],
  'unknown-ar-2': ['battery', 'batteries', 'charging'],
};
for (const c of files.unknown.cases) {
  const words = ABSENT[c.id];
  if (!words) problem(`${c.id}: no absence check`);
  else
    for (const word of words)
      if (everything.some((text) => hasPhrase(text, word)))
        problem(`${c.id}: "${word}" is written in the business`);
}
for (const c of files.injections.cases)
  if (!Array.isArray(c.none) || !c.none.length) problem(`${c.id}: no forbidden phrases`);

// The amounts the cases' messages quote are not prices of the business (so a reply cannot pass by echoing).
for (const name of ['en', 'es', 'ar'])
  for (const c of files[name].cases)
    for (const a of amounts(c.message))
      if (inSet(a.value, c.expect.prices ?? [])) problem(`${c.id}: the message states ${a.text}`);

const answerCases = ['en', 'es', 'ar'].flatMap((n) => files[n].cases);
console.log(
  `marbrisa-dental: ${products.length} products (${products.filter((p) => !p.inStock).length} unavailable), ` +
    `${knowledge.length} knowledge items, ${HANDBOOK.length}-page handbook; ` +
    `${answerCases.length} answer cases (${answerCases.filter((c) => c.previous).length} follow-ups, ` +
    `${answerCases.filter((c) => c.pdfPage).length} from the PDF), ${files.unknown.cases.length} unknown, ` +
    `${files.injections.cases.length} injections`,
);
for (const text of problems) console.log(`  ✗ ${text}`);
process.exit(problems.length ? 1 : 0);
