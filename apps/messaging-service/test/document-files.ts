import { pdf, zip } from '@parley/server-kit/testing';

/**
 * Training documents built by the tests themselves, so every fixture shows what it holds. PDFs, zips and
 * spreadsheets come from server-kit's test files (test-files.ts); a Word document is the three
 * parts mammoth needs, zipped by hand.
 */

/** A Word paragraph: its style (`Heading1`, `Heading2` or none) and text; `bold` sets the run in bold. */
export interface WordParagraph {
  style?: 'Heading1' | 'Heading2';
  text: string;
  bold?: boolean;
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A docx of these paragraphs and, after them, a table of `table` rows. styles.xml names the heading
 * styles as Word does (`heading 1`), which is what mammoth maps to h1/h2.
 */
export function docx(paragraphs: WordParagraph[], table: string[][] = []): Buffer {
  const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
  const run = (text: string, bold = false) =>
    `<w:r>${bold ? '<w:rPr><w:b/></w:rPr>' : ''}<w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r>`;
  const body = paragraphs
    .map(
      ({ style, text, bold }) =>
        `<w:p>${style ? `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>` : ''}${run(text, bold)}</w:p>`,
    )
    .join('');
  const rows = table
    .map((cells) => `<w:tr>${cells.map((c) => `<w:tc><w:p>${run(c)}</w:p></w:tc>`).join('')}</w:tr>`)
    .join('');
  const document = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document ${W}><w:body>${body}${rows ? `<w:tbl>${rows}</w:tbl>` : ''}</w:body></w:document>`;
  const styles = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:styles ${W}>
<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/></w:style>
<w:style w:type="paragraph" w:styleId="Heading2"><w:name w:val="heading 2"/></w:style>
</w:styles>`;
  const contentTypes = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
<Default Extension="xml" ContentType="application/xml"/>
<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>
<Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/>
</Types>`;
  const rels = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>
</Relationships>`;
  const documentRels = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>
</Relationships>`;
  return zip([
    { name: '[Content_Types].xml', data: Buffer.from(contentTypes) },
    { name: '_rels/.rels', data: Buffer.from(rels) },
    { name: 'word/document.xml', data: Buffer.from(document) },
    { name: 'word/_rels/document.xml.rels', data: Buffer.from(documentRels) },
    { name: 'word/styles.xml', data: Buffer.from(styles) },
  ]);
}

/** A "Word document" whose main part is not XML: what a damaged download looks like to mammoth. */
export function corruptDocx(): Buffer {
  return zip([
    { name: '[Content_Types].xml', data: Buffer.from('<?xml version="1.0"?><Types/>') },
    { name: 'word/document.xml', data: Buffer.from('<w:document><w:body><w:p>broken') },
  ]);
}

/** Text as UTF-16 LE with its byte order mark, as Notepad's "Unicode" saves it. */
export function utf16le(text: string): Buffer {
  return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
}

/**
 * Text as Windows-1252 (latin1 plus the typographic characters at 0x80–0x9F that these texts use),
 * which is not valid UTF-8 once it has an accent.
 */
export function windows1252(text: string): Buffer {
  const high: Record<string, number> = {
    '€': 0x80,
    '‘': 0x91,
    '’': 0x92,
    '“': 0x93,
    '”': 0x94,
    '–': 0x96,
    '—': 0x97,
  };
  return Buffer.from([...text].map((c) => high[c] ?? c.charCodeAt(0)));
}

/**
 * A text PDF of just under `bytes` bytes: pages of 60 lines of prose in sections, each section headed by a
 * numbered title, as a long handbook would be. Sizes are counted as pdf() writes them (a text run costs
 * its text and 32 bytes of operators, a page about 250 bytes of objects and cross-reference).
 */
export function largeTextPdf(bytes: number): Buffer {
  const sentence =
    'Orders placed before noon ship the same day from our warehouse, and tracking follows by email.';
  const pages: [number, number, string][][] = [];
  let size = 1024;
  let section = 0;
  for (;;) {
    const runs: [number, number, string][] = [];
    for (let line = 0; line < 60; line++) {
      if (line % 20 === 0) section++;
      const text =
        line % 20 === 0
          ? `${section}. Section ${section}`
          : `${sentence} Line ${line} of section ${section}.`;
      runs.push([50, 760 - line * 12, text]);
    }
    const pageSize = runs.reduce((sum, [, , text]) => sum + text.length + 32, 250);
    if (size + pageSize > bytes) break;
    pages.push(runs);
    size += pageSize;
  }
  return pdf(pages);
}
