// The set's training documents, for the harness (tools/eval/lib/sets.mjs): the patient handbook, uploaded as
// README.md says (field `document`, this file name, application/pdf), and its pages' text, which the scorer
// counts as the business's own text (check.mjs reads it the same way).
import { HANDBOOK, buildHandbook, pageText } from './handbook.mjs';

export function documents() {
  return [
    {
      fileName: 'marbrisa-patient-handbook.pdf',
      type: 'application/pdf',
      bytes: buildHandbook(),
      pages: HANDBOOK.map((page, i) => ({ title: page.heading, content: pageText(i) })),
    },
  ];
}
