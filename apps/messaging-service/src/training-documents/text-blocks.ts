/** A document as the passage splitter reads it: headings and the paragraphs under them, in order. */
export interface TextBlock {
  kind: 'heading' | 'paragraph';
  text: string;
}

/** A paragraph as a reader found it: its lines, and (PDF) whether its type is larger than the body's. */
export interface RawParagraph {
  lines: string[];
  large?: boolean;
}

/** Longer lines are text, not titles. */
const HEADING_MAX_CHARS = 80;
/** A lone short line followed by text is taken for a title only up to this many words. */
const TITLE_MAX_WORDS = 8;
const MARKDOWN_HEADING = /^#{1,6}\s+(.+?)(?:\s+#+)?$/;
/** `1. Shipping`, `2.3 Returns`, `IV. Warranty`, `A) Payment`. */
const NUMBERED_HEADING = /^(?:\d{1,3}(?:\.\d{1,3})*\.?|[IVXLC]{1,6}\.|[A-Z][.)])\s+\S/;
const ENDS_SENTENCE = /[.!?;,؟،؛…]$/;
const SETEXT_UNDERLINE = /^(?:=+|-+)$/;

/**
 * The title a line announces, when it clearly is one: a Markdown heading (`## Returns`, without its
 * marks), a numbered heading (`2. Returns`), a line in capitals (`RETURNS`), or a short line ending in a
 * colon (`Returns:`). A line that ends a sentence is never one.
 */
export function headingOf(line: string): string | undefined {
  const text = line.trim();
  const markdown = MARKDOWN_HEADING.exec(text);
  if (markdown) return markdown[1];
  if (text.length > HEADING_MAX_CHARS || ENDS_SENTENCE.test(text)) return undefined;
  if (text.endsWith(':') && text.length > 1) return text.slice(0, -1).trim();
  if (NUMBERED_HEADING.test(text)) return text;
  const letters = text.replace(/[^\p{L}]/gu, '');
  if (letters.length >= 3 && letters === letters.toUpperCase() && letters !== letters.toLowerCase())
    return text;
  return undefined;
}

/** A short line that ends no sentence: a title when it stands alone above text. */
function looksLikeTitle(line: string): boolean {
  const text = line.trim();
  return (
    text.length <= HEADING_MAX_CHARS &&
    !ENDS_SENTENCE.test(text) &&
    text.split(/\s+/).length <= TITLE_MAX_WORDS
  );
}

/**
 * Paragraphs into headings and text. A paragraph whose first line is a heading (see headingOf, or set
 * larger than the body) gives that heading and the rest as text; a one-line paragraph that looks like a
 * title followed by a longer paragraph is a heading too (`Opening hours` above the hours). Lines of one
 * paragraph are joined with `joiner` (a space for a PDF's wrapped lines, a line break for a text file's).
 */
export function blocksOfParagraphs(paragraphs: readonly RawParagraph[], joiner: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  paragraphs.forEach((paragraph, i) => {
    const lines = paragraph.lines.map((l) => l.trim()).filter((l) => l !== '');
    if (lines.length === 0) return;
    const [first, ...rest] = lines;
    const next = paragraphs[i + 1];
    const heading =
      headingOf(first) ??
      ((paragraph.large && first.length <= HEADING_MAX_CHARS) ||
      (rest.length === 0 &&
        looksLikeTitle(first) &&
        next !== undefined &&
        next.lines.join(' ').length > first.length)
        ? first
        : undefined);
    if (heading !== undefined) {
      blocks.push({ kind: 'heading', text: heading });
      if (rest.length > 0) blocks.push({ kind: 'paragraph', text: joinLines(rest, joiner) });
    } else {
      blocks.push({ kind: 'paragraph', text: joinLines(lines, joiner) });
    }
  });
  return blocks;
}

/** Joined lines; a word a PDF hyphenated at a line's end is joined back (`deliv-` + `ery`). */
function joinLines(lines: readonly string[], joiner: string): string {
  if (joiner !== ' ') return lines.join(joiner);
  return lines.reduce((text, line) =>
    /\p{Ll}-$/u.test(text) && /^\p{Ll}/u.test(line) ? text.slice(0, -1) + line : `${text} ${line}`,
  );
}

/**
 * A plain text file as blocks: paragraphs are separated by blank lines, and a Setext underline (`====`,
 * `----`) makes the line above it a heading.
 */
export function blocksOfPlainText(text: string): TextBlock[] {
  const paragraphs: RawParagraph[] = [];
  let lines: string[] = [];
  const end = () => {
    if (lines.length > 0) paragraphs.push({ lines });
    lines = [];
  };
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const line = raw.trim();
    if (line === '') end();
    else if (SETEXT_UNDERLINE.test(line) && lines.length > 0) {
      const title = lines.pop() as string;
      end();
      paragraphs.push({ lines: [`# ${title}`] });
    } else lines.push(line);
  }
  end();
  return blocksOfParagraphs(paragraphs, '\n');
}
