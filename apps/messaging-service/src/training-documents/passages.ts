import { FIELD_LIMITS, type KnowledgeCategory } from '@parley/contracts';
import type { TextBlock } from './text-blocks';

/** One knowledge item a document gives: a heading and the text under it, at most MAX_PASSAGE_CHARS long. */
export interface Passage {
  category: KnowledgeCategory;
  title: string;
  content: string;
}

/**
 * Long enough to hold a policy's paragraph whole, short enough that a retrieved passage is about one
 * thing and several fit in a reply's prompt.
 */
export const MAX_PASSAGE_CHARS = 1500;
const PARAGRAPH_BREAK = '\n\n';
/** After a sentence's end mark (Latin, Arabic, CJK), before the next sentence. */
const SENTENCE_END = /(?<=[.!?؟。…])\s+/u;

/**
 * A document's blocks as passages. Each heading starts a passage, titled with it (a heading with nothing
 * under it before the next one joins it: `Policies › Returns`); paragraphs under it are packed whole into
 * passages of at most MAX_PASSAGE_CHARS, a longer paragraph split between sentences (and a longer
 * sentence between words). Text before any heading is titled with the document's name and a part number.
 */
export function toPassages(blocks: readonly TextBlock[], documentName: string): Passage[] {
  const passages: Passage[] = [];
  let heading: string | undefined;
  let parts: string[] = [];
  let length = 0;
  let untitled = 0;
  const flush = () => {
    if (parts.length === 0) return;
    const title = heading ?? `${documentName} (part ${++untitled})`;
    passages.push({
      category: categoryOf(heading ?? ''),
      title: clip(title),
      content: parts.join(PARAGRAPH_BREAK),
    });
    parts = [];
    length = 0;
  };
  for (const block of blocks) {
    const text = cleanText(block.text);
    if (text === '') continue;
    if (block.kind === 'heading') {
      const dangling = parts.length === 0 && heading !== undefined;
      flush();
      heading = dangling ? `${heading} › ${text}` : text;
      continue;
    }
    for (const piece of piecesOf(text)) {
      if (length > 0 && length + PARAGRAPH_BREAK.length + piece.length > MAX_PASSAGE_CHARS) flush();
      parts.push(piece);
      length += (length > 0 ? PARAGRAPH_BREAK.length : 0) + piece.length;
    }
  }
  flush();
  // A heading with no text after it at all still says something (a document of titles only).
  if (passages.length === 0 && heading !== undefined)
    passages.push({ category: categoryOf(heading), title: clip(heading), content: heading });
  return passages;
}

/** A paragraph in pieces of at most MAX_PASSAGE_CHARS: whole sentences where they fit. */
function piecesOf(paragraph: string): string[] {
  if (paragraph.length <= MAX_PASSAGE_CHARS) return [paragraph];
  const pieces: string[] = [];
  let current = '';
  for (const sentence of paragraph.split(SENTENCE_END).flatMap(wordChunks)) {
    if (current !== '' && current.length + 1 + sentence.length > MAX_PASSAGE_CHARS) {
      pieces.push(current);
      current = '';
    }
    current = current === '' ? sentence : `${current} ${sentence}`;
  }
  if (current !== '') pieces.push(current);
  return pieces;
}

/** A sentence longer than a passage, cut at the last space that fits (or anywhere, if it has none). */
function wordChunks(sentence: string): string[] {
  const chunks: string[] = [];
  let rest = sentence;
  while (rest.length > MAX_PASSAGE_CHARS) {
    const space = rest.lastIndexOf(' ', MAX_PASSAGE_CHARS);
    const cut = space > 0 ? space : MAX_PASSAGE_CHARS;
    chunks.push(rest.slice(0, cut));
    rest = rest.slice(cut).trimStart();
  }
  chunks.push(rest);
  return chunks;
}

/**
 * Text PostgreSQL can store and a reader wants: no NUL or other control characters (but line breaks),
 * no lone surrogates, single spaces.
 */
function cleanText(text: string): string {
  return (
    text
      .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
      .replace(/[ \t]+/g, ' ')
      .trim()
  );
}

function clip(title: string): string {
  return title.length <= FIELD_LIMITS.name ? title : `${title.slice(0, FIELD_LIMITS.name - 1).trimEnd()}…`;
}

/**
 * Words of a heading that say which category its passage belongs to, in English, Spanish and Arabic
 * (compared without case or accents; a Latin word matches the start of a heading's word, an Arabic one
 * anywhere, since Arabic joins the article and prepositions to the word). First match wins; a passage
 * whose heading names none is a FAQ.
 */
const CATEGORY_WORDS: readonly [KnowledgeCategory, readonly string[]][] = [
  ['faqs', ['faq', 'frequently asked', 'question', 'pregunta', 'أسئلة', 'سؤال']],
  [
    'policies',
    [
      'shipping',
      'delivery',
      'return',
      'refund',
      'exchange',
      'warrant',
      'guarantee',
      'polic',
      'terms',
      'privacy',
      'payment',
      'envio',
      'entrega',
      'devolucion',
      'reembolso',
      'cambio',
      'garantia',
      'politica',
      'termino',
      'privacidad',
      'pago',
      'شحن',
      'توصيل',
      'إرجاع',
      'ارجاع',
      'استرداد',
      'استبدال',
      'ضمان',
      'سياسة',
      'شروط',
      'الدفع',
    ],
  ],
  [
    'support',
    [
      'contact',
      'support',
      'help',
      'customer service',
      'contacto',
      'soporte',
      'ayuda',
      'atencion',
      'تواصل',
      'اتصل',
      'دعم',
      'مساعدة',
      'خدمة العملاء',
    ],
  ],
  [
    'company_info',
    [
      'about',
      'company',
      'who we are',
      'our story',
      'hours',
      'opening',
      'location',
      'address',
      'store',
      'sobre',
      'empresa',
      'quienes somos',
      'horario',
      'ubicacion',
      'direccion',
      'tienda',
      'من نحن',
      'الشركة',
      'ساعات',
      'العنوان',
      'الموقع',
      'المتجر',
    ],
  ],
  [
    'products',
    [
      'product',
      'catalog',
      'price',
      'pricing',
      'menu',
      'collection',
      'producto',
      'precio',
      'coleccion',
      'منتج',
      'أسعار',
      'الأسعار',
      'قائمة',
    ],
  ],
];

/** Without case, accents or Arabic hamza marks, so `Envío`, `ENVIO` and `envio` are one word. */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f\u0654\u0655]/g, '')
    .toLowerCase();
}

const FOLDED_CATEGORY_WORDS = CATEGORY_WORDS.map(([category, keys]) => [category, keys.map(fold)] as const);

export function categoryOf(heading: string): KnowledgeCategory {
  const text = fold(heading);
  const words = text.split(/[^\p{L}\p{N}]+/u);
  const matches = (key: string) =>
    !/[a-z]/.test(key) || key.includes(' ') ? text.includes(key) : words.some((w) => w.startsWith(key));
  const found = FOLDED_CATEGORY_WORDS.find(([, keys]) => keys.some(matches));
  return found ? found[0] : 'faqs';
}
