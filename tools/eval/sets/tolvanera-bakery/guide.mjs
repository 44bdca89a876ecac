#!/usr/bin/env node
// The bakery's 20-page "Customer Guide and Price List", a PDF the owner uploads as a training document. Six
// facts exist only here, on the middle pages 8 to 13 (README.md lists them and the cases that need them;
// check.mjs verifies it). `node guide.mjs [out.pdf]` writes the file; documents.mjs hands the harness its
// bytes (customerGuide()) and each page's text (guidePage(n)).
//
// The PDF comes from the repo's test helper pdf() (libs/server-kit/src/testing/test-files.ts): Helvetica in
// WinAnsi, text runs as they are. A page is a 16 pt heading, 10 pt paragraphs and an 8 pt footer.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// test-files.ts is TypeScript: @swc-node/register lets this module require it, as tools/eval/lib/score.mjs does.
const require = createRequire(import.meta.url);
require('@swc-node/register');
const { pdf } = require('../../../../libs/server-kit/src/testing/test-files.ts');

/** Page n is PAGES[n - 1]: its heading, then its paragraphs. */
export const PAGES = [
  {
    heading: 'Welcome to Tolvanera',
    paragraphs: [
      'Thank you for choosing Tolvanera Panadería y Pastelería, the family bakery of Colonia Americana since 1987. This guide explains how to order a cake, what our bread and pastries cost, how delivery works and what to do if anything goes wrong.',
      'The prices in this guide are in Mexican pesos and include VAT (IVA). They are valid from December 2026 until the next edition of the guide; the shop and our website always show the current price.',
      'Contents: Welcome; Our story; How to order a cake; Sizes and servings; Sponges and fillings; Decorations and extras; Wedding cakes; Our daily bread; Wedding cake tastings; Party extras; The conchas workshop; Lebanese pastries; Delivery day; Collecting your cake; Keeping your cake fresh; Allergens; Paying and invoices; Changes and problems; The seasonal calendar; See you soon.',
      'Questions about anything in this guide are welcome at the counter, by phone or WhatsApp on +52 33 3615 2047, or by e-mail at pedidos@tolvanera.example.',
    ],
  },
  {
    heading: 'Our story',
    paragraphs: [
      "Yusuf Jabbour arrived in Guadalajara from Zahlé, in the Bekaa valley of Lebanon, with his mother's notebook of recipes. He met Socorro Ruelas, whose family had baked bolillos in Jalisco for three generations, and in 1987 they opened a small bakery with one oven on Calle Ezequiel Sotomayor.",
      'The shop has grown, but the kitchen is still behind the counter and everything we sell is baked there. Today their daughter Nayla Jabbour Ruelas runs the bakery with eleven bakers who start their first shift at four in the morning.',
      "That is why you will find conchas next to maamoul and tres leches next to baklava: both families' recipes live in the same kitchen.",
    ],
  },
  {
    heading: 'How to order a cake',
    paragraphs: [
      'Choose your cake from the catalogue in the shop or on our website, or send us a picture of the cake you have in mind. For a custom design we send you a quote, normally within one working day.',
      'Order in time: catalogue cakes need at least 48 hours of notice, custom designs at least 5 days and wedding cakes at least 3 weeks.',
      'Confirm your order: catalogue cakes are paid in full when you order; custom and wedding cakes are confirmed with a 50% deposit. You receive an order number by e-mail or WhatsApp.',
      'On the day, collect your cake from 10:00 with your order number, or wait for our driver if you chose delivery.',
    ],
  },
  {
    heading: 'Sizes and servings',
    paragraphs: [
      'Small cake, 18 cm: serves 8 to 10. Tres leches $420, chocolate fudge $460.',
      'Medium cake, 24 cm: serves 15 to 20. Tres leches $690, chocolate fudge $750, strawberry cream $640, carrot walnut $610, red velvet $680.',
      'Large cake, 30 cm: serves 30 to 35. Tres leches $1,150, chocolate fudge $1,240.',
      'Servings are for a party slice of about 8 cm by 4 cm. For a wedding, where slices are smaller, see the wedding cakes page.',
      'Cupcakes come in boxes of 6 ($240) and 12 ($450), in vanilla, chocolate, red velvet or mixed.',
    ],
  },
  {
    heading: 'Sponges and fillings',
    paragraphs: [
      'Sponges: vanilla, chocolate, tres leches, red velvet and carrot. Fillings: cajeta, strawberry jam, chocolate fudge, cream cheese and mocha.',
      'You may change the filling of a catalogue cake at no cost. A second filling in the same cake is charged as an extra.',
      'Our tres leches is soaked the night before it is collected, so that the milks reach the centre of the sponge. Our chocolate fudge uses Mexican dark chocolate with 60 per cent cocoa.',
    ],
  },
  {
    heading: 'Decorations and extras',
    paragraphs: [
      'A message on the cake, a photo printed on an edible sheet ($180), hand-modelled fondant figures ($150 each) and gold number candles ($30 each) can be added to any cake.',
      'A photo print or fondant figures make the cake a custom design: please order at least 5 days ahead and send the photo with your order.',
      'Fresh flowers are not placed on our cakes: we decorate with sugar flowers, fruit and chocolate only.',
    ],
  },
  {
    heading: 'Wedding cakes',
    paragraphs: [
      'Our wedding cakes come in two tiers, serving 45 guests ($2,900), or three tiers, serving 80 guests ($4,800), covered in buttercream or fondant.',
      'Every tier can have its own sponge and filling. We recommend that couples come to a tasting before choosing.',
      'Order at least 3 weeks before the wedding. A 50% deposit confirms the date. Delivery and set-up at the venue are included in delivery zones 1 and 2.',
    ],
  },
  {
    heading: 'Our daily bread',
    paragraphs: [
      'Bolillos ($6) and teleras ($7) come out of the oven three times a day: at 07:15, at 12:30 and at 17:30. If you want them still warm, those are the times to come.',
      'Conchas of vanilla ($16) and chocolate ($17) and butter cuernitos ($28) are baked every morning and are usually gone by early afternoon.',
      'Sourdough loaves ($95) are baked on Tuesday, Thursday and Saturday. For more than 100 pieces of bread, order the day before.',
    ],
  },
  {
    heading: 'Wedding cake tastings',
    paragraphs: [
      'A tasting is a box of three sponge and filling combinations of your choice, for two people, with a cup of coffee at our counter while Nayla talks you through the designs.',
      'A tasting costs $350 and is held on Tuesday and Wednesday afternoons, by appointment. If you order your wedding cake with us, the $350 is taken off its price.',
      'Book your tasting by phone or WhatsApp at least one week ahead.',
    ],
  },
  {
    heading: 'Party extras',
    paragraphs: [
      'Our Birthday Party Pack ($1,050) brings together a medium tres leches or chocolate fudge cake, a box of 12 cupcakes and two number candles.',
      'Cake stand rental: we lend our white porcelain cake stands for parties. The rental costs $250 per event, plus a $500 deposit that we return when the stand comes back undamaged.',
      'We do not rent tables, plates or cutlery.',
    ],
  },
  {
    heading: 'The conchas workshop',
    paragraphs: [
      'On Saturday mornings, from 09:00 to 11:30, one of our bakers teaches a small group to knead, shape and decorate conchas in our kitchen.',
      'The workshop costs $650 per person and includes an apron and the dozen conchas you bake, to take home. It is open to anyone from 12 years old; children under 16 come with an adult, who pays for a place too.',
      'Places are limited to eight people. Book at the counter or by phone.',
    ],
  },
  {
    heading: 'Lebanese pastries',
    paragraphs: [
      "Baklava, maamoul and ka'ak are baked on Thursdays and Fridays with the family recipes from Zahlé.",
      "Baklava comes in tins of 12 pieces: walnut ($290) or pistachio ($330). Maamoul comes in boxes of 10: date ($210) or pistachio ($260). A sesame ka'ak ring costs $35.",
      'Bring back a clean baklava tin and we take $40 off your next box of baklava.',
    ],
  },
  {
    heading: 'Delivery day',
    paragraphs: [
      'Deliveries run Monday to Saturday in two slots, 10:00 to 13:00 and 16:00 to 19:00. Our driver sends a WhatsApp message when leaving the shop.',
      'If nobody is there to receive the order, the driver waits 10 minutes and then takes the cake back to the shop, where you may collect it the same day. A second delivery attempt is charged the delivery fee again.',
      'Please check the cake with the driver: damage noticed after the driver has left must be reported to us the same day with a photo.',
    ],
  },
  {
    heading: 'Collecting your cake',
    paragraphs: [
      'Cakes are ready from 10:00 on the agreed day. Bring your order number; the cake is handed over in a closed box.',
      'A cake travels best flat on the floor of the car, with the air conditioning on. Drive gently: once the cake has left the shop we cannot cover damage on the way home.',
      'A cake that is not collected by closing time stays in our cold room until closing time the next day.',
    ],
  },
  {
    heading: 'Keeping your cake fresh',
    paragraphs: [
      'Tres leches, strawberry cream and other cream cakes belong in the fridge: eat them within 3 days.',
      'Chocolate fudge, carrot walnut and red velvet cakes keep for 4 days in the fridge. Take them out 30 minutes before serving, so that the frosting softens.',
      'Bread is best on the day. Bolillos can be frozen in a closed bag and warmed in the oven.',
    ],
  },
  {
    heading: 'Allergens',
    paragraphs: [
      'Our kitchen handles wheat, milk, eggs, tree nuts (walnuts, pistachios and almonds), sesame and soy. We cannot guarantee that any of our products is free of traces of them.',
      'We never use peanuts in any product.',
      'Our gluten-free cake is baked on separate trays but in the same kitchen, so we do not recommend it for people with coeliac disease.',
    ],
  },
  {
    heading: 'Paying and invoices',
    paragraphs: [
      'We accept cash, Visa and Mastercard, SPEI bank transfers and Mercado Pago payment links. We do not accept American Express or cheques.',
      'If you need an invoice (factura CFDI), ask for it in the same calendar month as your purchase and send us your tax details by e-mail.',
    ],
  },
  {
    heading: 'Changes and problems',
    paragraphs: [
      'You may change the flavour or the message of a cake up to 48 hours before pickup, and its design up to 5 days before.',
      'A cake order cancelled at least 72 hours before pickup is refunded in full. With less notice we keep the deposit, because the ingredients have already been bought.',
      'If something is wrong with your order, tell us the same day with a photo and we will replace it or refund it. Complaints are answered by Nayla within one working day.',
    ],
  },
  {
    heading: 'The seasonal calendar',
    paragraphs: [
      'Pan de muerto is baked from 15 October to 2 November.',
      'Rosca de Reyes, medium ($380) or large ($620), is sold from 2 to 6 January. On 6 January the shop opens from 06:00 to 21:00.',
      'On 24 and 31 December we open from 07:00 to 16:00, and we are closed on 25 December and 1 January.',
    ],
  },
  {
    heading: 'See you soon',
    paragraphs: [
      'Our coffee counter serves café de olla ($38) and cappuccino ($52) with oat milk at no extra cost, to go with a concha or a piece of baklava.',
      'We open Monday to Saturday from 07:30 to 20:30 and on Sunday from 08:00 to 14:00.',
      'Thank you for letting us be part of your celebrations.',
    ],
  },
];

const footer = (n) => `Tolvanera - Customer Guide and Price List - page ${n} of ${PAGES.length}`;

/** Page n's text (1-based) as a reader finds it: heading, paragraphs and footer, one per line. */
export function guidePage(n) {
  const { heading, paragraphs } = PAGES[n - 1];
  return [heading, ...paragraphs, footer(n)].join('\n');
}

/** Layout in points: A4-ish page, margins, line height, and the characters of 10 pt Helvetica per line. */
const PAGE = { top: 740, left: 60, bottom: 56, line: 13, chars: 92 };

/** A paragraph wrapped at spaces into lines of at most PAGE.chars characters. */
function wrap(paragraph) {
  const out = [''];
  for (const word of paragraph.split(' ')) {
    const last = out.length - 1;
    if (out[last] && out[last].length + 1 + word.length > PAGE.chars) out.push(word);
    else out[last] = out[last] ? `${out[last]} ${word}` : word;
  }
  return out;
}

/** pdf()'s text runs for page n, [x, y, text, size]; throws when the page overflows or is not WinAnsi. */
function pageRuns(n) {
  const { heading, paragraphs } = PAGES[n - 1];
  const runs = [[PAGE.left, PAGE.top, heading, 16]];
  let y = PAGE.top - 30;
  for (const paragraph of paragraphs) {
    for (const line of wrap(paragraph)) {
      runs.push([PAGE.left, y, line]);
      y -= PAGE.line;
    }
    y -= PAGE.line / 2;
  }
  if (y < PAGE.bottom) throw new Error(`guide page ${n} overflows`);
  runs.push([PAGE.left, PAGE.bottom / 2, footer(n), 8]);
  const bad = runs.find(([, , text]) => /[^\x20-\xff]/.test(text));
  if (bad) throw new Error(`guide page ${n} has a character WinAnsi lacks: ${bad[2]}`);
  return runs;
}

/** The guide's PDF bytes. */
export function customerGuide() {
  return pdf(PAGES.map((_, i) => pageRuns(i + 1)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const out = path.resolve(
    process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), 'customer-guide.pdf'),
  );
  writeFileSync(out, customerGuide());
  console.log(`${out}: ${PAGES.length} pages`);
}
