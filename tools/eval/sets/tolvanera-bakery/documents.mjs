// The set's training document for the harness (tools/eval/lib/sets.mjs): the customer guide and price list PDF,
// uploaded as README.md says (field `document`, this file name, application/pdf), with each page's text, which
// the scorer counts as the business's own text (check.mjs reads the pages the same way).
import { PAGES, customerGuide, guidePage } from './guide.mjs';

export function documents() {
  return [
    {
      fileName: 'tolvanera-customer-guide.pdf',
      type: 'application/pdf',
      bytes: customerGuide(),
      pages: PAGES.map(({ heading }, i) => ({ title: heading, content: guidePage(i + 1) })),
    },
  ];
}
