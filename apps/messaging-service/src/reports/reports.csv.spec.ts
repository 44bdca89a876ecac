import { parse } from 'csv-parse/sync';
import { csvField, csvText } from './reports.csv';

describe('CSV (RFC 4180)', () => {
  it('quotes a field with a comma, a quote or a line break, doubling quotes', () => {
    expect(['plain', 'a,b', 'say "hi"', 'two\r\nlines', 12.5, null].map(csvField)).toEqual([
      'plain',
      '"a,b"',
      '"say ""hi"""',
      '"two\r\nlines"',
      '12.5',
      '',
    ]);
  });

  it('ends every record with CRLF, and reads back as written', () => {
    const rows = [
      ['name', 'value'],
      ['مرحبا, "أهلا"', 3],
    ];
    const text = csvText(rows);
    expect(text).toBe('name,value\r\n"مرحبا, ""أهلا""",3\r\n');
    expect(parse(text)).toEqual([
      ['name', 'value'],
      ['مرحبا, "أهلا"', '3'],
    ]);
  });
});
