import type { Language } from '@parley/contracts';
import type { ProductColumn } from './catalogue-table';

/** The header row is looked for among the first rows (spreadsheets) or lines (PDFs) of a file. */
export const HEADER_SCAN_ROWS = 20;

/**
 * Column titles price lists use, in English, Spanish and Arabic. They are compared as `headerKey` writes
 * them (no case, accents, spaces or punctuation, text in brackets dropped), so "Unit Price (USD)" and
 * "unit_price" are both "unitprice", "Categoría" is "categoria".
 */
const TITLES: Record<ProductColumn, Record<Language, string[]>> = {
  name: {
    en: ['name', 'product', 'product name', 'item', 'item name', 'title', 'product title'],
    es: ['nombre', 'producto', 'nombre del producto', 'artículo', 'nombre del artículo'],
    ar: ['الاسم', 'اسم', 'اسم المنتج', 'المنتج', 'منتج'],
  },
  price: {
    en: ['price', 'cost', 'unit price', 'retail price', 'sale price', 'selling price', 'price per unit'],
    es: ['precio', 'costo', 'coste', 'precio unitario', 'precio de venta'],
    ar: ['السعر', 'سعر', 'الثمن', 'سعر الوحدة', 'سعر البيع'],
  },
  description: {
    en: ['description', 'desc', 'details', 'product description'],
    es: ['descripción', 'detalle', 'detalles', 'descripción del producto'],
    ar: ['الوصف', 'وصف', 'التفاصيل', 'وصف المنتج'],
  },
  category: {
    en: ['category', 'type', 'product type', 'group'],
    es: ['categoría', 'tipo', 'familia'],
    ar: ['الفئة', 'فئة', 'التصنيف', 'تصنيف', 'النوع'],
  },
  features: {
    en: ['features', 'feature', 'tags', 'highlights'],
    es: ['características', 'característica', 'etiquetas'],
    ar: ['المميزات', 'الميزات', 'المزايا', 'الخصائص'],
  },
  stock: {
    en: ['stock', 'in stock', 'availability', 'available', 'quantity', 'qty', 'inventory'],
    es: ['en stock', 'disponible', 'disponibilidad', 'existencias', 'cantidad', 'inventario'],
    ar: ['المخزون', 'متوفر', 'التوفر', 'الكمية', 'متاح'],
  },
};

/**
 * Text as header titles and cell words are compared: without the part in brackets, case, accents or
 * Arabic vowel marks (NFKD splits them off; it also turns أ إ آ into ا), tatweel, or anything that is
 * not a letter or a digit; ة is read as ه and ى as ي, as people type them either way.
 */
export function headerKey(text: string): string {
  return text
    .replace(/\([^)]*\)|\[[^\]]*\]/g, '')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ـ/g, '')
    .replace(/ة/g, 'ه')
    .replace(/ى/g, 'ي')
    .replace(/[^\p{L}\p{N}]/gu, '');
}

const COLUMN_OF_TITLE = new Map<string, ProductColumn>(
  Object.entries(TITLES).flatMap(([column, languages]) =>
    Object.values(languages)
      .flat()
      .map((title) => [headerKey(title), column as ProductColumn] as const),
  ),
);

/**
 * Words that describe rather than name a column ("Available colours", "Tallas disponibles"): a title is
 * never read as a field through one of these alone.
 */
const QUALIFIER_WORDS = new Set(['available', 'disponible', 'disponibles', 'متوفر', 'متاح'].map(headerKey));

/**
 * Known titles as single words, for titles that qualify them ("Key features", "Price in GBP", "Tipo de
 * producto", "سعر المنتج"). Name words ("product", "item", "producto", "المنتج") so often qualify
 * another field's word ("Product type") that a title is read as a name only when no other field's word
 * is in it.
 */
const COLUMN_OF_WORD = new Map([...COLUMN_OF_TITLE].filter(([key]) => !QUALIFIER_WORDS.has(key)));

function columnOfWords(title: string): ProductColumn | undefined {
  const found = title
    .replace(/\([^)]*\)|\[[^\]]*\]/g, ' ')
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    .map((word) => COLUMN_OF_WORD.get(headerKey(word)))
    .filter((column) => column !== undefined);
  return found.find((column) => column !== 'name') ?? found[0];
}

/** Where each product field is: its position among the header row's cells. */
export type HeaderColumns = Partial<Record<ProductColumn, number>>;

/**
 * What the header row names, by position: a whole known title, or else the word of a qualified one;
 * the leftmost column wins when two name one field.
 */
export function columnsOf(titles: readonly (string | undefined)[]): HeaderColumns {
  const columns: HeaderColumns = {};
  titles.forEach((title, position) => {
    const column =
      title === undefined ? undefined : (COLUMN_OF_TITLE.get(headerKey(title)) ?? columnOfWords(title));
    if (column !== undefined && columns[column] === undefined) columns[column] = position;
  });
  return columns;
}

/** A header names at least a name column and a price column. */
export function isHeader(columns: HeaderColumns): boolean {
  return columns.name !== undefined && columns.price !== undefined;
}

const REQUIRED: { column: ProductColumn; label: string }[] = [
  { column: 'description', label: 'Description' },
  { column: 'category', label: 'Category' },
];

/**
 * Every product needs a description and a category: a header without one of those columns would make
 * every row fail, so the file is refused as a whole with this sentence instead (undefined: nothing missing).
 */
export function missingColumnsMessage(columns: HeaderColumns, where: string): string | undefined {
  const missing = REQUIRED.filter(({ column }) => columns[column] === undefined).map(({ label }) => label);
  if (missing.length === 0) return undefined;
  const needs = missing.map((label) => `a ${label.toLowerCase()}`).join(' and ');
  const add = missing.length === 1 ? 'the column' : 'the columns';
  return `The header row (${where}) has no ${missing.join(' or ')} column: every product needs ${needs}. Add ${add} and upload the file again.`;
}

/** Said when no header is found: what the importer looks for. */
export const NO_HEADER_MESSAGE =
  'Could not find the product table: a header row must name a name column and a price column ' +
  '(such as Name and Price, Nombre and Precio, or الاسم and السعر).';
