import {
  CreateProductDto,
  type Language,
  parsePrice,
  otherCurrencyMessage,
  validateDto,
} from '@parley/contracts';
import { headerKey } from './catalogue-header';
import type { CellValue, SourceRow } from './catalogue-table';

/** A row read as a product, or the one sentence saying why it cannot be one. */
export type RowResult = { ok: true; product: CreateProductDto } | { ok: false; message: string };

/** Words a stock column uses, compared as headerKey writes them ("Out of stock" → "outofstock"). */
const STOCK_WORDS: Record<Language, { yes: string[]; no: string[] }> = {
  en: {
    yes: ['yes', 'y', 'true', 'in stock', 'available'],
    no: ['no', 'n', 'false', 'out of stock', 'sold out', 'unavailable', 'not available'],
  },
  es: { yes: ['sí', 'en stock', 'disponible'], no: ['agotado', 'sin stock', 'no disponible'] },
  ar: { yes: ['نعم', 'متوفر', 'متاح'], no: ['لا', 'غير متوفر', 'نفد', 'نفذ', 'غير متاح'] },
};
const IN_STOCK_OF_WORD = new Map<string, boolean>(
  Object.values(STOCK_WORDS).flatMap(({ yes, no }) => [
    ...yes.map((word) => [headerKey(word), true] as const),
    ...no.map((word) => [headerKey(word), false] as const),
  ]),
);

export const STOCK_MESSAGE = 'In stock must be yes or no, in stock or out of stock, or a quantity';

/**
 * A row's cells as a product, checked by the same CreateProductDto as POST /api/products, so a row is
 * refused with the sentence the form would show ("Price is required"). Stock reads yes/no words in the
 * three languages or a quantity (more than 0 is in stock); a blank stock cell, or no stock column, is in
 * stock. Features are split on commas and semicolons (Latin and Arabic), blank items dropped ("a, , b").
 * A price written in another currency than the business's `currency` (`£28.00`, `EUR 12,50` for a USD
 * business) is refused, never stored as if it were in `currency`; a price without a mark is in `currency`.
 */
export function productFromRow({ cells, priceText }: SourceRow, currency: string): RowResult {
  const inStock = stockOf(cells.stock);
  if (inStock === undefined) return { ok: false, message: STOCK_MESSAGE };
  const marked = typeof cells.price === 'string' ? cells.price : priceText;
  // Only a text that reads as a price has a currency mark; anything else is the price rules' to refuse.
  const other = marked === undefined || parsePrice(marked) === null ? null : otherCurrencyMessage(marked, currency);
  if (other) return { ok: false, message: `${other}: the row was not imported` };
  const result = validateDto(CreateProductDto, {
    name: textOf(cells.name),
    description: textOf(cells.description),
    price: priceOf(cells.price),
    category: textOf(cells.category),
    features:
      cells.features === undefined
        ? undefined
        : String(cells.features)
            .split(/[,;،؛]/)
            .map((item) => item.trim())
            .filter((item) => item !== ''),
    inStock,
  });
  return result.ok ? { ok: true, product: result.value } : { ok: false, message: result.message };
}

/** A row with nothing in any product column (a spacer between groups of products). */
export function isBlankRow({ cells }: SourceRow): boolean {
  return Object.values(cells).every((value) => value === undefined || String(value).trim() === '');
}

/** The name a row's product will have, as repeated rows are told apart (case-insensitive). */
export function nameKey({ cells }: SourceRow): string {
  return textOf(cells.name)?.trim().toLowerCase() ?? '';
}

function textOf(value: CellValue): string | undefined {
  return value === undefined ? undefined : String(value);
}

/**
 * A number cell keeps its value, less the binary noise of a spreadsheet's arithmetic (0.1 + 0.2 is
 * 0.30000000000000004, which is 0.30); a real third decimal stays and is refused by the rules. Text goes to
 * the DTO, which reads "$1,299.00", "1.299,00 €" or Arabic-Indic digits (parsePrice).
 */
function priceOf(value: CellValue): unknown {
  if (typeof value !== 'number') return value;
  const cents = Math.round(value * 100);
  return Math.abs(value * 100 - cents) < 1e-6 ? cents / 100 : value;
}

/** true or false, or undefined for a value that says neither. */
function stockOf(value: CellValue): boolean | undefined {
  if (value === undefined || typeof value === 'boolean') return value ?? true;
  if (typeof value === 'number') return value > 0;
  if (value.trim() === '') return true;
  const word = IN_STOCK_OF_WORD.get(headerKey(value));
  if (word !== undefined) return word;
  const quantity = parsePrice(value);
  return quantity === null ? undefined : quantity > 0;
}
