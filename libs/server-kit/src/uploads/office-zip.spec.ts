import { spreadsheet, zip, zipBomb } from '../testing/test-files';
import { inspectOfficeZip, OFFICE_MAIN_PARTS } from './office-zip';

describe('inspectOfficeZip', () => {
  const inspectWorkbook = (bytes: Buffer) => inspectOfficeZip(bytes, OFFICE_MAIN_PARTS.xlsx);

  it('passes a real xlsx', () => {
    expect(inspectWorkbook(spreadsheet([['Name', 'Price']]))).toBe('ok');
  });

  it('refuses a zip bomb whether it declares its size or lies about it', () => {
    expect(inspectWorkbook(zipBomb({ lie: false }))).toBe('too_large');
    expect(inspectWorkbook(zipBomb({ lie: true }))).toBe('too_large');
  });

  it('refuses a zip that is no workbook, or whose parts are not what they declare', () => {
    expect(inspectWorkbook(zip([{ name: 'word/document.xml', data: Buffer.from('<w/>') }]))).toBe(
      'wrong_kind',
    );
    const short = zip([{ name: 'xl/workbook.xml', data: Buffer.from('<workbook/>'), declaredSize: 100 }]);
    expect(inspectWorkbook(short)).toBe('wrong_kind');
    expect(inspectWorkbook(Buffer.from('PK\x03\x04 and then nothing a zip would have'))).toBe('wrong_kind');
  });

  it('tells a Word document by its main part', () => {
    const word = zip([{ name: 'word/document.xml', data: Buffer.from('<w:document/>') }]);
    expect(inspectOfficeZip(word, OFFICE_MAIN_PARTS.docx)).toBe('ok');
    expect(inspectOfficeZip(spreadsheet([['Name']]), OFFICE_MAIN_PARTS.docx)).toBe('wrong_kind');
  });
});
