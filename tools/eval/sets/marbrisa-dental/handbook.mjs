#!/usr/bin/env node
// The clinic's patient handbook: a 25-page PDF the owner uploads as a training document
// (POST /api/ai/upload-document, field `document`). Some facts exist only here, on its first, middle and last
// pages (README.md lists which case needs which page). `node handbook.mjs [out.pdf]` writes the file;
// the harness can import buildHandbook() (the bytes) and HANDBOOK / pageText() (each page's text, for the scorer).
//
// Written with the repo's test helper pdf() (libs/server-kit/src/testing/test-files.ts): Helvetica in WinAnsi,
// uncompressed; headings at 16 pt over a 10 pt body, a footer with the page number at 8 pt.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// test-files.ts is TypeScript; @swc-node/register (as tools/eval/lib/score.mjs uses it) lets this script require it.
const require = createRequire(import.meta.url);
require('@swc-node/register');
const { pdf } = require('../../../../libs/server-kit/src/testing/test-files.ts');

/** Each page: a heading and its paragraphs. Page n of the PDF is HANDBOOK[n - 1]. */
export const HANDBOOK = [
  {
    heading: 'Marbrisa Dental Clinic - Patient Handbook',
    paragraphs: [
      'Welcome to Marbrisa Dental Clinic, Avenida del Faro 42, Puerto Caliza. This handbook explains how we work, what to expect from each treatment and what we ask of you as a patient. Please keep it and read the section about your treatment before your appointment.',
      'Before your first visit: please arrive 10 minutes before your first appointment to fill in the medical history form, and bring a photo ID, your insurance card if you have one, and a list of any medicines you take.',
      'Contents: Welcome; Our approach; Your first visit; Medical history and medicines; Appointments and reminders; Treatment plans and estimates; Looking after your teeth at home; Hygiene visits; Children at the clinic; Fillings; Arriving late; Extractions and aftercare; Teeth whitening; Clear aligners; The Smile Club for children; Root canal treatment; Crowns; Implants; Night guards and sports guards; Emergencies; Invoices and insurance; Infection control; Accessibility and facilities; Your records and privacy; Gift vouchers and final notes.',
      'Questions about anything in this handbook are welcome at reception, by phone on +34 952 318 604 or by e-mail at hello@marbrisadental.example.',
    ],
  },
  {
    heading: 'Our approach',
    paragraphs: [
      'We believe that most dental problems can be prevented, and that a patient who understands the options makes the best choice. Our dentists explain what they see, show you your X-rays on the screen and tell you what happens if you wait.',
      'We never start a treatment you have not agreed to. For anything beyond a check-up and a clean you receive a written treatment plan, and you may take it home to think about it or to ask for a second opinion.',
      'Our team works together: the hygienists look after your gums, the dentists after your teeth, and reception after everything else. If something is not clear, ask any of us.',
      'We take part in the training of young dentists. A dentist in training may observe some appointments; you will always be asked first and you may say no without giving a reason.',
    ],
  },
  {
    heading: 'Your first visit',
    paragraphs: [
      'At your first visit the dentist reads your medical history with you, examines your teeth, gums, tongue and the inside of your cheeks, and checks your bite and jaw joints.',
      'If X-rays are needed we explain why before taking them. We use digital X-rays, which need a very small dose of radiation, and we never repeat an X-ray a previous dentist took recently if you can bring it.',
      'At the end of the visit the dentist tells you what was found and what is urgent, what can wait and what is optional. You leave with a printed summary and, if you need treatment, a written plan.',
      'Children and patients who are nervous may first visit the clinic just to meet the team and sit in the chair, without any treatment.',
    ],
  },
  {
    heading: 'Medical history and medicines',
    paragraphs: [
      'Some illnesses and medicines change how we treat you. Please tell us if you take blood thinners, bisphosphonates, medicines for diabetes or high blood pressure, or if you have a heart condition, a joint replacement or any allergy, in particular to latex, penicillin or local anaesthetics.',
      'Tell us if you are or may be pregnant. Check-ups and cleans are safe and recommended during pregnancy, but we postpone X-rays and some treatments.',
      'We ask you to review your medical history at every check-up. If anything changes between visits, tell reception when you book.',
      'Never stop a medicine prescribed by your doctor before a dental treatment unless your doctor tells you to. If a treatment needs a change, we contact your doctor with your consent.',
    ],
  },
  {
    heading: 'Appointments and reminders',
    paragraphs: [
      'You can book by phone, by WhatsApp or on our website. We confirm every appointment by SMS and send a reminder the day before.',
      'If you cannot come, please tell us as early as possible so that another patient can have the time. Our cancellation policy, with the fee for late cancellations and missed appointments, is displayed at reception and on our website.',
      'Long treatments such as implants or aligners are booked as a series of appointments. We give you the dates in writing and you can move any of them under the same policy.',
      'Reception staff cannot give clinical advice by phone, but they can always book you an emergency appointment or pass a message to your dentist.',
    ],
  },
  {
    heading: 'Treatment plans and estimates',
    paragraphs: [
      'Every treatment plan lists each step, the tooth it concerns, the number of visits and the price of each item. Prices follow our current price list.',
      'A written estimate is valid for 90 days. After that the price list of the day applies, and your dentist may need to examine you again if your teeth have changed.',
      'When there is more than one way to treat a tooth, the plan shows the options side by side, with their advantages, their risks and their prices, including the option of doing nothing.',
      'Treatments above a certain amount need a deposit when you book, and larger treatments can be paid in monthly instalments. Reception explains both when you accept your plan.',
    ],
  },
  {
    heading: 'Looking after your teeth at home',
    paragraphs: [
      'Brush twice a day for two minutes with a fluoride toothpaste, last thing at night and at one other time. Spit out the toothpaste but do not rinse, so the fluoride keeps working.',
      'Clean between your teeth once a day with interdental brushes or floss. Your hygienist will show you the right brush size for each gap.',
      'Sugary snacks and drinks between meals do the most harm. Water and milk are the safest drinks between meals.',
      'An electric toothbrush removes more plaque than a manual one for most people. We sell the brushes and water flossers we recommend at reception, but any good electric toothbrush works.',
    ],
  },
  {
    heading: 'Hygiene visits',
    paragraphs: [
      'At a hygiene visit the hygienist measures your gums, removes hard deposits above and below the gum line, polishes away stains and shows you how to clean the places you miss.',
      'If your gums bleed or pockets have formed, the hygienist may suggest gum treatment in several visits, one part of the mouth at a time, under local anaesthetic.',
      'Stains from coffee, tea, red wine or tobacco come off best with air polishing. It is gentle, but tell the hygienist if your teeth are sensitive.',
      'Your dentist and hygienist decide together how often you need a hygiene visit: some patients need it more often than others.',
    ],
  },
  {
    heading: 'Children at the clinic',
    paragraphs: [
      'Children should visit the dentist once their first teeth come through. Early visits are short and playful, so the child learns that the clinic is a friendly place.',
      'Dr. Tomás Ferrer leads our care for children. He uses simple words, shows each instrument before using it and stops when the child raises a hand.',
      'Sealants protect the grooves of back teeth from decay and are quick and painless. We suggest them when the first permanent molars come through.',
      'A parent or guardian stays with the child during the appointment and signs the consent form.',
    ],
  },
  {
    heading: 'Fillings',
    paragraphs: [
      'We use tooth-coloured composite fillings. The dentist removes the decay, shapes the cavity and builds the filling in thin layers, each hardened with a blue light.',
      'The price of a filling depends on how many surfaces of the tooth it covers. Your treatment plan tells you which size each filling is.',
      'Your mouth stays numb for two to three hours. Do not eat or drink anything hot until the numbness has gone, so that you do not bite or burn your cheek or tongue.',
      'A new filling may feel high or slightly sensitive for a few days. If your bite still feels wrong after two days, call us: adjusting it takes a few minutes and costs nothing.',
    ],
  },
  {
    heading: 'Arriving late',
    paragraphs: [
      'Appointments are planned tightly so that no patient waits. When one patient arrives late, everyone after them waits.',
      'If you arrive more than 15 minutes late, we may need to shorten your treatment or give you a new appointment. A new appointment made for this reason counts as a late cancellation.',
      'If you are held up, call us: when the day allows, we move your appointment later on the same day.',
      'If we are running late, reception tells you when you arrive and offers you a new time if you cannot wait.',
    ],
  },
  {
    heading: 'Extractions and aftercare',
    paragraphs: [
      'A tooth is removed under local anaesthetic. Wisdom teeth that have not come through may need a small surgical procedure and a few stitches, which dissolve by themselves.',
      'After an extraction, bite on the gauze for 30 minutes. Do not rinse your mouth, drink through a straw or do sport for the rest of the day.',
      'Do not smoke for at least 72 hours after an extraction: smoking is the main cause of a dry socket, a painful infection of the empty socket.',
      'From the next day, rinse gently with warm salt water after meals. Some swelling and discomfort are normal for a few days; ordinary painkillers help. Call us if the pain gets worse after the third day.',
    ],
  },
  {
    heading: 'Teeth whitening',
    paragraphs: [
      'We offer whitening in the chair and whitening at home with custom trays. Both use a gel that lightens the colour of natural teeth; neither changes the colour of fillings, crowns or implants.',
      'Whitening is only for patients aged 18 or over. We do not whiten teeth during pregnancy or while breastfeeding.',
      'Before whitening, the dentist checks that your teeth and gums are healthy. Decay and gum disease must be treated first.',
      'After whitening, avoid coffee, tea, red wine and smoking for a day. Results fade slowly, and a few top-up nights with the home trays keep the colour.',
    ],
  },
  {
    heading: 'Clear aligners',
    paragraphs: [
      'Clear aligners straighten teeth with a series of thin, removable plastic trays. Each aligner moves the teeth a little, and you change to the next one as your dentist tells you.',
      'Wear your aligners 22 hours a day. Take them out only to eat, to drink anything but water, and to brush your teeth.',
      'If you lose or break an aligner, call us and wear your previous aligner until the replacement arrives. A replacement aligner costs 110.00 each.',
      'At the end of treatment you wear retainers at night, for life, to keep the teeth in place. Dr. Laura Pike sees every aligner patient every 8 to 10 weeks.',
    ],
  },
  {
    heading: 'The Smile Club for children',
    paragraphs: [
      'The Smile Club is a membership for children under 14. It costs 9.50 a month per child and includes two check-ups and two hygiene cleans a year.',
      'Members also get fluoride varnish at each check-up and a sticker book, which children love more than the varnish.',
      "Parents can join at reception; the fee is paid monthly by direct debit. You can leave the Smile Club at any time with one month's notice.",
      'Treatment beyond the membership, such as a filling or a sealant, is charged at the normal price list.',
    ],
  },
  {
    heading: 'Root canal treatment',
    paragraphs: [
      'Root canal treatment saves a tooth whose nerve is infected or dying. The dentist cleans and shapes the canals inside the root and fills them, under local anaesthetic.',
      'Front teeth usually need one visit; molars, with three or four canals, usually need two. Dr. Samir Haddad carries out most of our root canal treatments.',
      'The tooth may be tender for a few days. Avoid chewing hard food on it until it has been restored.',
      'A back tooth that has had root canal treatment becomes brittle, and the dentist usually advises a crown to protect it.',
    ],
  },
  {
    heading: 'Crowns',
    paragraphs: [
      'A crown covers a tooth that is too damaged for a filling. We offer porcelain fused to metal crowns and metal-free zirconia crowns, both made by our partner laboratory.',
      'At the first visit the dentist prepares the tooth, takes a digital scan and fits a temporary crown. At the second visit the final crown is cemented.',
      'A temporary crown is weaker than the final one: avoid sticky and hard food on that side, and call us if it comes off.',
      'Crowns last many years with good care. Clean around them as carefully as around your own teeth, because the tooth underneath can still decay.',
    ],
  },
  {
    heading: 'Implants',
    paragraphs: [
      'An implant replaces a missing tooth with a titanium post in the jaw bone, which carries a crown. Dr. Inés Carvajal places all our implants.',
      'Every implant starts with a consultation and a 3D scan, which shows whether there is enough bone. If there is not, a bone graft can be placed first or at the same time.',
      'The implant needs months to join the bone before the crown is fitted. During this time you may wear a temporary tooth.',
      'Smoking and uncontrolled diabetes raise the risk that an implant fails. Implants need the same daily cleaning as natural teeth, and regular check-ups.',
    ],
  },
  {
    heading: 'Night guards and sports guards',
    paragraphs: [
      'A night guard protects teeth from grinding and clenching during sleep. We make soft guards and hard acrylic guards from a scan of your teeth.',
      'A sports mouthguard protects teeth in contact sports. A custom guard fits better and lets you breathe and speak more easily than one bought in a shop.',
      'Rinse your guard with cold water after use, brush it gently without toothpaste and keep it dry in its box. Hot water deforms it.',
      'Bring your guard to every check-up, so that the dentist can check the fit and the wear.',
    ],
  },
  {
    heading: 'Emergencies',
    paragraphs: [
      'A dental emergency is severe pain, swelling, a broken or knocked-out tooth, or bleeding that does not stop. We keep time free every day for emergency appointments.',
      'If a permanent tooth is knocked out, hold it by the crown, not the root, put it back in its socket if you can or keep it in milk, and come to the clinic at once.',
      'Outside opening hours, call our usual number: the recorded message tells you how to reach the dentist on call.',
      'Swelling that affects breathing or swallowing, or heavy bleeding, needs a hospital: go to the emergency department of Hospital Costa Caliza.',
    ],
  },
  {
    heading: 'Invoices and insurance',
    paragraphs: [
      'You pay at the end of each visit and receive an itemised invoice by e-mail the same day. Ask reception if you need the invoice in the name of a company.',
      'We bill some insurers directly; reception checks your cover before your treatment. With other insurers you pay us and claim the refund yourself with our invoice.',
      'If your insurer needs a report or X-rays before approving a treatment, we send them with your consent.',
      'Questions about an invoice go to reception first. If reception cannot solve the problem, the clinic manager will.',
    ],
  },
  {
    heading: 'Infection control',
    paragraphs: [
      'Every instrument that enters your mouth is either single-use or cleaned, packed and sterilised in an autoclave, and each pack is traced to the cycle that sterilised it.',
      'Surfaces are disinfected between patients, and the water lines of the dental chairs are treated every day.',
      'Our team wears fresh gloves and masks for each patient, and eye protection for every treatment. We give you protective glasses too.',
      'Our sterilisation room is inspected by the regional health authority, and you are welcome to see it: ask reception.',
    ],
  },
  {
    heading: 'Accessibility and facilities',
    paragraphs: [
      'The clinic is on the first floor. There is a lift from the street entrance and the whole clinic is step-free, including the toilet.',
      'Reception has a hearing loop. Tell us when you book if you need more time, an interpreter or any other help.',
      'Guide dogs and assistance dogs are welcome. There is drinking water and a changing table in the waiting room.',
      'The Mercado Norte car park is next door, and the Faro bus stop is in front of the building.',
    ],
  },
  {
    heading: 'Your records and privacy',
    paragraphs: [
      'Your dental records, X-rays and scans are confidential. Only the clinical team treating you and the staff who need them for billing can see them.',
      'We keep your medical records for 15 years after your last visit, as health law requires, and then destroy them securely.',
      'You may ask for a copy of your records at any time, and ask us to correct anything that is wrong. We share your records with another dentist or doctor only with your consent or when the law requires it.',
      'We send appointment reminders and invoices by SMS and e-mail. We never use your contact details for advertising unless you have agreed to it.',
    ],
  },
  {
    heading: 'Gift vouchers and final notes',
    paragraphs: [
      'Gift vouchers can be bought at reception for any amount and used for any treatment or product. A gift voucher is valid for two years from the date of purchase and cannot be exchanged for cash.',
      'We review this handbook every year. If a policy in it has changed, the version at reception and on our website applies.',
      'We welcome your comments. Tell reception, write to us, or leave a review: it helps us improve.',
      'Thank you for choosing Marbrisa Dental Clinic. We look forward to looking after your smile.',
    ],
  },
];

const PAGE_HEIGHT = 792;
const MARGIN = 72;
const LEADING = 14;
const HEADING_SIZE = 16;
const FOOTER_SIZE = 8;
/** Characters per body line: Helvetica averages about half its size per character, with some room to spare. */
const LINE_CHARS = 88;

function footer(index) {
  return `Marbrisa Dental Clinic - Patient Handbook - page ${index + 1} of ${HANDBOOK.length}`;
}

/** The text of one page as a reader finds it: heading, paragraphs, footer. */
export function pageText(index) {
  const page = HANDBOOK[index];
  return [page.heading, ...page.paragraphs, footer(index)].join('\n');
}

/** Words packed into lines of at most `width` characters. */
function wrap(text, width) {
  const lines = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** One page's text runs for pdf(): [x, y, text, size], top to bottom. */
function pageRuns(index) {
  const page = HANDBOOK[index];
  const runs = [[MARGIN, PAGE_HEIGHT - MARGIN, page.heading, HEADING_SIZE]];
  let y = PAGE_HEIGHT - MARGIN - HEADING_SIZE - LEADING;
  for (const paragraph of page.paragraphs) {
    for (const line of wrap(paragraph, LINE_CHARS)) {
      if (y < MARGIN + 2 * LEADING) throw new Error(`page ${index + 1} overflows`);
      runs.push([MARGIN, y, line]);
      y -= LEADING;
    }
    y -= LEADING / 2;
  }
  runs.push([MARGIN, MARGIN / 2, footer(index), FOOTER_SIZE]);
  // pdf() writes Latin-1 (and the euro sign): anything else would come out garbled.
  for (const [, , text] of runs)
    if ([...text].some((ch) => ch !== '€' && ch.charCodeAt(0) > 0xff))
      throw new Error(`not in WinAnsi: ${text}`);
  return runs;
}

/** The handbook's bytes. */
export function buildHandbook() {
  return pdf(HANDBOOK.map((_, i) => pageRuns(i)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const out = path.resolve(
    process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), 'handbook.pdf'),
  );
  writeFileSync(out, buildHandbook());
  console.log(`${out}: ${HANDBOOK.length} pages`);
}
