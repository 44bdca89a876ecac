// The set's training documents, for the harness (tools/eval/lib/sets.mjs): the student handbook PDF, uploaded
// as README.md says (field `document`, this file name, application/pdf), with each page's text, which the
// scorer counts as the business's own text (check.mjs reads the pages the same way).
import { SECTIONS, handbookPage, studentHandbook } from './handbook.mjs';

export function documents() {
  return [
    {
      fileName: 'lanterna-student-handbook.pdf',
      type: 'application/pdf',
      bytes: studentHandbook(),
      pages: SECTIONS.map(([title], i) => ({ title, content: handbookPage(i + 1) })),
    },
  ];
}
