#!/usr/bin/env node
// The school's student handbook: a 24-page PDF the owner uploads as a training document (POST
// /api/ai/upload-document, field `document`). A few facts exist only here, on its first, middle and last pages
// (README.md lists them and the cases that need them; check.mjs verifies it). `node handbook.mjs [out.pdf]`
// writes the file; documents.mjs gives the harness its bytes (studentHandbook()) and each page's text.
//
// The PDF is made by the repo's test helper pdf() (libs/server-kit/src/testing/test-files.ts): Helvetica in
// WinAnsi, uncompressed text runs. Each page: a 15 pt title, 10 pt paragraphs, an 8 pt running footer.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// test-files.ts is TypeScript; @swc-node/register lets this module require it (as tools/eval/lib/score.mjs does).
const require = createRequire(import.meta.url);
require('@swc-node/register');
const { pdf } = require('../../../../libs/server-kit/src/testing/test-files.ts');

/** The handbook, one entry per PDF page: [title, ...paragraphs]. Page n is SECTIONS[n - 1]. */
export const SECTIONS = [
  [
    'Welcome to Lanterna English School',
    'Welcome to Birgenna and to Lanterna English School, Triq il-Gallina 17. This handbook tells you how the school works, what we expect from you and what you can expect from us. Keep it with you during your first week.',
    'Your first day: on the Monday your course starts, come to the ground-floor hall at 08:15 for the welcome session. Bring your passport or identity card and the booking confirmation we sent you. The session ends with a short speaking check and a tour of the building, and your first lesson starts straight after it.',
    'Contents: Welcome; How we teach; Your level and your class; Lesson times; Teachers and feedback; Homework and self-study; Progress tests; Changing course or class; Exam courses; Business English; Attendance and punctuality; Your student card; Living with a host family; The student residence; Exams at our centre; Social programme; Weekend trips; Health and insurance; Sun and sea; Getting around; Everyday life; School rules; Complaints and feedback; After your course.',
    'Questions about anything in this handbook are welcome at reception, by phone on +356 2157 4410 or by e-mail at info@lanternaenglish.example.',
  ],
  [
    'How we teach',
    'Our lessons are communicative: you speak in every lesson, in pairs and small groups, and grammar is taught through real situations rather than long lists of rules.',
    'Every teacher holds a recognised teaching qualification, and our Director of Studies observes each teacher in class twice a year to keep the quality of teaching high.',
    'We use a course book for structure and add material from newspapers, podcasts and everyday Maltese life, so that what you learn in the classroom can be used outside it the same afternoon.',
    'Mobile phones stay in your bag during lessons unless your teacher asks you to use them for a task.',
  ],
  [
    'Your level and your class',
    'We follow the six levels of the Common European Framework, from A1 for beginners to C2 for near-native speakers. Our group classes run from A1 to C1.',
    'Your class is decided by your placement test and the speaking check on your first day. If your class feels too easy or too difficult during the first days, tell your teacher: it is normal to need a small adjustment.',
    'Classes mix students of different ages and countries, and English is the only language used in the classroom, also during the breaks between lessons.',
  ],
  [
    'Lesson times',
    'Group lessons take place from Monday to Friday. Each lesson lasts 45 minutes, and lessons are taught in pairs with a short break between each pair.',
    'Afternoon lessons, for the courses that include them, start after the lunch break. Your timetable is given to you at the welcome session and is also on the notice board next to reception.',
    'Lessons do not take place on public holidays. Your teacher will tell you in advance if a holiday falls during your course.',
  ],
  [
    'Teachers and feedback',
    'Each class has one main teacher and, on most courses, a second teacher for some lessons of the week, so that you hear more than one voice and accent.',
    'Your teacher gives you individual feedback every Friday on your speaking and writing, and a short written comment on your progress every four weeks.',
    'If you would like extra help with one area, such as pronunciation or writing, ask your teacher about the free support clinics in the self-study centre.',
  ],
  [
    'Homework and self-study',
    'Teachers set homework on most days. It normally takes between thirty minutes and an hour, and it is checked at the start of the next lesson.',
    'The self-study centre on the second floor has computers, graded readers, dictionaries and quiet desks. A teacher is there on weekday afternoons to answer questions.',
    'You can borrow graded readers with your student card. Please return them before your last day so that the next student can enjoy them.',
  ],
  [
    'Progress tests',
    'Every four weeks your class takes a progress test of grammar, vocabulary, reading and listening. The results help your teacher plan the next weeks and are never used to punish anyone.',
    'Students who stay for a long time may move up a level after a progress test, when their teacher and the Director of Studies agree.',
    'Your test results and your teacher comments are sent to you by e-mail, and you may ask for a copy on paper at reception.',
  ],
  [
    'Changing course or class',
    'If you would like to change your course, for example to add afternoon lessons, ask at reception. Changes start on a Monday and the price difference is settled at reception.',
    'A change of class is possible when your level has clearly changed. Speak to your teacher first, who will talk to the Director of Studies.',
    'Changes of accommodation are possible when a room is free. Reception needs a few days to organise them.',
  ],
  [
    'Exam courses',
    'Our exam courses prepare you for the IELTS test and for the B2 First and C1 Advanced exams. You practise each paper of the exam, learn its timing and get regular feedback on your writing.',
    'Exam preparation classes are smaller than general classes, and they are taught by teachers with experience of the exams they prepare for.',
    'A preparation course does not include the exam itself. Register for the exam separately at reception or when you book your course.',
  ],
  [
    'Business English',
    'Business English classes are for students who use English at work or will do so soon. The lessons cover meetings, telephone calls, e-mails, presentations and negotiation.',
    'In the afternoon lessons of the longer course, you work on the language of your own field with a teacher, using documents you bring from your work when that is possible.',
    'At the end of the course you receive a certificate that states the course and the level you reached.',
  ],
  [
    'Attendance and punctuality',
    'Good attendance is the quickest way to make progress, and it matters for your certificate and, for some students, for their visa.',
    'Please be on time. If you arrive more than 20 minutes late, you may join the class at the next break, and the lesson you missed counts as an absence.',
    'If you are ill, tell reception before your first lesson by phone or e-mail. Teachers take the register at the start of every lesson.',
  ],
  [
    'Your student card',
    'At the welcome session you receive your student card with your photo. Show it to enter the building, to borrow books and to get student discounts in many shops and cafes in Birgenna.',
    'If you lose your student card, tell reception at once so that it can be blocked. A replacement card costs 7.50 and is ready the next school day.',
    'Give your student card back at reception on your last day.',
  ],
  [
    'Living with a host family',
    'Our host families are visited by the school before they receive students and again every year. They are there to help you and to practise English with you.',
    'If you have half board, dinner is usually served in the evening with the family. If you will not be home for dinner, tell your host family by 16:00 on the same day, so that they do not cook for you.',
    'Please keep your room tidy, take short showers because water is precious in Malta, and ask before inviting a friend to the house. Visitors may not stay overnight.',
    'If there is a problem with your host family, talk to student services at reception: we will always listen and look for a solution.',
  ],
  [
    'The student residence',
    'The student residence is a modern building near the school, with shared kitchens on every floor and a laundry room in the basement.',
    'Quiet hours in the residence are from 23:00 to 07:00. Please respect the other students, many of whom have lessons early in the morning.',
    'Cooking is only allowed in the kitchens. Clean the kitchen after using it, and label your food in the shared fridges.',
  ],
  [
    'Exams at our centre',
    'We are an official exam centre for IELTS and for the B2 First and C1 Advanced exams. The exams take place in our classrooms, so you sit them in a place you know.',
    'On exam day, bring the identity document you used to register; without it you cannot take the exam. Arrive at the time written on your registration confirmation.',
    'IELTS results are available online 13 days after the test. B2 First and C1 Advanced results take longer, and your certificate is sent to the school for you to collect or to be posted to you.',
  ],
  [
    'Social programme',
    'Every week the school organises a social programme: walking tours, beach afternoons, film evenings, a quiz night and a Friday evening get-together.',
    'Most activities are free; some, such as museum visits, have a small entrance fee that you pay on the day. The weekly programme is on the notice board and on the school app.',
    'The social programme is the best place to practise your English outside the classroom and to meet students from other classes.',
  ],
  [
    'Weekend trips',
    'On Saturdays we offer boat trips and guided visits to the old cities and villages of Malta. Book at reception by Thursday afternoon.',
    'Wear comfortable shoes, bring water and a hat, and be at the meeting point on time: boats and coaches cannot wait.',
    'When a trip is cancelled because of bad weather, you can move to another date or receive your money back.',
  ],
  [
    'Health and insurance',
    'Students from the European Union should bring their European Health Insurance Card. All other students need medical insurance for the whole stay, which we can arrange for you when you book.',
    'Reception can help you find a doctor or a pharmacy. In a medical emergency, call the European emergency number 112.',
    'If you take regular medicines, bring enough for your stay and a copy of your prescription.',
  ],
  [
    'Sun and sea',
    'The Maltese sun is strong, even in spring and autumn. Use sun cream, wear a hat and drink plenty of water, especially on trips.',
    'Swim only at beaches with a lifeguard and respect the flags: a red flag means no swimming. Never swim alone or after drinking alcohol.',
    'Jellyfish appear in some summers. If you are stung, leave the water and ask a lifeguard for help.',
  ],
  [
    'Getting around',
    'Buses connect Birgenna with the rest of the island. Buy a bus card at a kiosk: it is cheaper than paying on the bus.',
    'Traffic in Malta drives on the left. Look right first when you cross the road, and use the crossings.',
    'Taxis should be booked by phone or app. Agree the price before the journey if the taxi has no meter.',
  ],
  [
    'Everyday life',
    'Shops in Birgenna are usually open from morning to evening, with some small shops closing in the early afternoon. Supermarkets open on Sundays.',
    'The Maltese speak English and Maltese. Do not be surprised if people change language in the middle of a sentence: practise your English with them anyway.',
    'Tap water is safe but not very pleasant to drink; most people buy bottled water or use a filter.',
  ],
  [
    'School rules',
    'Respect your teachers, your classmates and the school building. Discrimination, bullying and harassment are not accepted at Lanterna English School.',
    'Smoking, including electronic cigarettes, is not allowed anywhere in the building or at the entrance.',
    'Students who break the school rules seriously may be asked to leave their course without a refund.',
  ],
  [
    'Complaints and feedback',
    'We want to hear from you when something is not right. Most problems can be solved quickly by talking to your teacher or to reception.',
    'If a problem is not solved, our Student Welfare Officer will listen to you in private and help you find a solution.',
    'In your last week you receive a short questionnaire about your course and your accommodation. We read every answer and use it to improve the school.',
  ],
  [
    'After your course',
    'On your last Friday you receive your certificate, if your attendance allows it, and say goodbye to your class at the end of lessons.',
    'Returning students receive 10% off the course fee of a new course booked within 12 months of their last day with us. Mention your previous stay when you book.',
    'Stay in touch: our former students meet online for a monthly conversation evening, and you are always welcome to visit us when you come back to Malta. Thank you for studying with us, and good luck with your English.',
  ],
];

const FOOTER = (n) => `Lanterna English School - Student Handbook - page ${n} of ${SECTIONS.length}`;

/** Page n's text (1-based) as a reader finds it: title, paragraphs, footer. */
export function handbookPage(n) {
  return [...SECTIONS[n - 1], FOOTER(n)].join('\n');
}

const TOP = 730;
const LEFT = 64;
const BOTTOM = 60;
const LINE = 13;
/** About 90 characters of 10 pt Helvetica fit in the 484 pt between the margins. */
const WIDTH = 90;

/** Breaks a paragraph into lines of at most WIDTH characters, at spaces. */
const lines = (paragraph) => paragraph.match(new RegExp(`.{1,${WIDTH}}(?:\\s|$)`, 'g')).map((l) => l.trim());

/** pdf()'s text runs for page n: [x, y, text, size]. */
function runs(n) {
  const [title, ...paragraphs] = SECTIONS[n - 1];
  const out = [[LEFT, TOP, title, 15]];
  let y = TOP - 2 * LINE;
  for (const line of paragraphs.flatMap((p) => [...lines(p), ''])) {
    if (line) out.push([LEFT, y, line]);
    y -= line ? LINE : LINE / 2;
  }
  if (y < BOTTOM) throw new Error(`handbook page ${n} is too long`);
  out.push([LEFT, BOTTOM / 2, FOOTER(n), 8]);
  const outside = out.find(([, , text]) => /[^\x20-\xff€]/.test(text));
  if (outside) throw new Error(`handbook page ${n}: not WinAnsi: ${outside[2]}`);
  return out;
}

/** The handbook's bytes. */
export function studentHandbook() {
  return pdf(SECTIONS.map((_, i) => runs(i + 1)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const out = path.resolve(process.argv[2] ?? path.join(here, 'student-handbook.pdf'));
  writeFileSync(out, studentHandbook());
  console.log(`${out}: ${SECTIONS.length} pages`);
}
