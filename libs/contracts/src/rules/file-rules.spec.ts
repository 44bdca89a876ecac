import {
  checkCatalogueFile,
  checkTrainingDocument,
  MAX_UPLOAD_BYTES,
  TRAINING_DOCUMENT_RULE,
} from './file-rules';

const MB = 1024 * 1024;
const CATALOGUE_TYPE = 'Invalid File Type: Please upload a PDF or Excel file.';
const CATALOGUE_SIZE = 'File Too Large: Please upload a file smaller than 10MB.';
const DOCUMENT_TYPE = 'Invalid File Type: Please upload PDF, Word, Excel, or text files only.';
const DOCUMENT_SIZE = 'File Too Large: Please upload files smaller than 10MB.';

describe('checkCatalogueFile', () => {
  it.each([
    ['products.pdf', 'application/pdf'],
    ['products.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['products.xls', 'application/vnd.ms-excel'],
    ['PRODUCTS.XLSX', ''],
    ['products.xls', 'application/octet-stream'],
    ['no-extension', 'application/pdf'],
    ['renamed.bin', 'APPLICATION/PDF'],
  ])('accepts %s (%s)', (name, type) => {
    expect(checkCatalogueFile({ name, type, size: 1000 })).toEqual({ ok: true });
  });

  it.each([
    ['products.csv', 'text/csv'],
    ['products.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['products.pdf.exe', 'application/x-msdownload'],
    ['pdf', ''],
  ])('refuses %s (%s)', (name, type) => {
    expect(checkCatalogueFile({ name, type, size: 1000 })).toEqual({
      ok: false,
      error: 'invalid_type',
      message: CATALOGUE_TYPE,
    });
  });

  it('accepts exactly 10 MB and refuses one byte more', () => {
    expect(checkCatalogueFile({ name: 'a.pdf', type: 'application/pdf', size: 10 * MB })).toEqual({
      ok: true,
    });
    expect(checkCatalogueFile({ name: 'a.pdf', type: 'application/pdf', size: 10 * MB + 1 })).toEqual({
      ok: false,
      error: 'too_large',
      message: CATALOGUE_SIZE,
    });
    expect(MAX_UPLOAD_BYTES).toBe(10 * MB);
  });

  it('reports the type before the size', () => {
    expect(checkCatalogueFile({ name: 'a.zip', type: 'application/zip', size: 50 * MB })).toMatchObject({
      error: 'invalid_type',
    });
  });
});

describe('checkTrainingDocument', () => {
  it.each([
    ['guide.pdf', ''],
    ['guide.docx', ''],
    ['prices.xls', ''],
    ['prices.xlsx', ''],
    ['faq.txt', ''],
    ['faq', 'text/plain; charset=utf-8'],
  ])('accepts %s (%s)', (name, type) => {
    expect(checkTrainingDocument({ name, type, size: 1 })).toEqual({ ok: true });
  });

  it.each([
    ['old.doc', 'application/msword'],
    ['photo.png', 'image/png'],
    ['page.html', 'text/html'],
  ])('refuses %s (%s)', (name, type) => {
    expect(checkTrainingDocument({ name, type, size: 1 })).toEqual({
      ok: false,
      error: 'invalid_type',
      message: DOCUMENT_TYPE,
    });
  });

  it('refuses files over 10 MB with its own wording', () => {
    expect(checkTrainingDocument({ name: 'faq.txt', type: 'text/plain', size: 10 * MB + 1 })).toEqual({
      ok: false,
      error: 'too_large',
      message: DOCUMENT_SIZE,
    });
  });

  it('names its multipart field and offers an accept attribute', () => {
    expect(TRAINING_DOCUMENT_RULE.fieldName).toBe('document');
    expect(TRAINING_DOCUMENT_RULE.accept.split(',')).toEqual(
      expect.arrayContaining(['.docx', '.txt', 'text/plain']),
    );
  });
});
