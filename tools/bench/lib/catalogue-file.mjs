// A 10 000-row product spreadsheet (xlsx) for the import scenario, as an owner's price list would look:
// a title row above the header, prices as text with a currency sign and thousands separators, stock as
// yes/no and quantities, features separated by commas.
import XLSX from '@e965/xlsx';

export const IMPORT_ROWS = 10_000;

export function catalogueWorkbook(rows = IMPORT_ROWS) {
  const sheet = [
    ['Summer price list'],
    ['Product', 'Description', 'Price', 'Category', 'Features', 'Stock'],
    ...Array.from({ length: rows }, (_, i) => [
      `Bench Product ${i}`,
      `A sturdy product for every day, model ${i}, with a two-year warranty.`,
      `$${(1000 + (i % 900) + 0.99).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
      ['Kitchen', 'Audio', 'Home', 'Garden'][i % 4],
      'waterproof, stainless steel, 2-year warranty',
      i % 7 === 0 ? 'no' : i % 2 === 0 ? 'yes' : String(i % 50),
    ]),
  ];
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(sheet), 'Products');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' });
}
