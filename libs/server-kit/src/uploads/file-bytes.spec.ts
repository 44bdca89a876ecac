import { CATALOGUE_FILE_RULE, TRAINING_DOCUMENT_RULE, UPLOAD_MEDIA_TYPES } from '@parley/contracts';
import { encryptedDocx, zip as zipOf } from '../testing/test-files';
import { checkFileBytes, fileKindOf } from './file-bytes';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const pdf = Buffer.from('%PDF-1.4\n1 0 obj');
const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]);
const ole = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0x00]);
/** A zip whose central directory names a Word document's main part (its bytes are not read here). */
const docx = zipOf([{ name: 'word/document.xml', data: Buffer.from('<w:document/>') }]);
const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('checkFileBytes (catalogue rule)', () => {
  it.each([
    ['list.pdf', 'application/pdf', pdf],
    ['list.pdf', '', Buffer.concat([Buffer.from('junk before the header\n'), pdf])],
    ['list.xlsx', XLSX_TYPE, zip],
    ['list.xls', 'application/vnd.ms-excel', ole],
    ['list.xls', '', zip],
    ['list.xlsx', '', ole],
    ['list', XLSX_TYPE, zip],
    ['LIST.PDF', 'application/octet-stream', pdf],
  ])('accepts %s (%j) with matching bytes', (name, type, bytes) => {
    expect(checkFileBytes(CATALOGUE_FILE_RULE, { name, type }, bytes)).toEqual({ ok: true });
  });

  it.each([
    ['PDF bytes named .xlsx', 'list.xlsx', XLSX_TYPE, pdf],
    ['a PNG named .pdf', 'scan.pdf', 'application/pdf', png],
    ['a spreadsheet named .pdf', 'list.pdf', 'application/pdf', zip],
    ['empty bytes', 'list.xlsx', XLSX_TYPE, Buffer.alloc(0)],
    ['a PDF header past the first 1024 bytes', 'list.pdf', '', Buffer.concat([Buffer.alloc(1024), pdf])],
  ])('refuses %s with the spec text', (_what, name, type, bytes) => {
    expect(checkFileBytes(CATALOGUE_FILE_RULE, { name, type }, bytes)).toEqual({
      ok: false,
      error: 'invalid_type',
      message: 'Invalid File Type: Please upload a PDF or Excel file.',
    });
  });
});

describe('checkFileBytes (training-document rule)', () => {
  const { docx: DOCX, txt: TXT, xlsx: XLSX } = UPLOAD_MEDIA_TYPES;

  it.each([
    ['notes.docx', DOCX, docx],
    ['notes.docx', '', docx],
    ['sheet.xlsx', XLSX, zip],
    ['faq.txt', TXT, Buffer.from('Opening hours\nMonday to Friday, 9 to 5')],
    ['faq.txt', 'text/plain; charset=windows-1252', Buffer.from([0x43, 0x61, 0x66, 0xe9, 0x20, 0x80])],
    ['faq.txt', '', Buffer.from([0xff, 0xfe, 0x48, 0x00, 0x69, 0x00])],
    ['faq.txt', TXT, Buffer.alloc(0)],
    ['locked.docx', DOCX, encryptedDocx()],
  ])('accepts %s (%j) with matching bytes', (name, type, bytes) => {
    expect(checkFileBytes(TRAINING_DOCUMENT_RULE, { name, type }, bytes)).toEqual({ ok: true });
  });

  it('takes a password-protected Word document for one (its reader says it needs the password)', () => {
    expect(fileKindOf(encryptedDocx(), { name: 'locked.docx', type: '' })).toBe('docx');
    expect(fileKindOf(encryptedDocx())).toBe('xls');
  });

  it.each([
    ['a spreadsheet named .docx', 'notes.docx', DOCX, zip],
    ['a Word document named .xlsx', 'sheet.xlsx', XLSX, docx],
    [
      'an xlsx named .docx',
      'notes.docx',
      DOCX,
      zipOf([{ name: 'xl/workbook.xml', data: Buffer.from('<w/>') }]),
    ],
    ['a PNG named .txt', 'faq.txt', TXT, Buffer.concat([png, Buffer.from([0, 0, 0, 13])])],
    ['a PDF named .txt', 'faq.txt', TXT, pdf],
    ['binary bytes with NULs named .txt', 'faq.txt', TXT, Buffer.from([0x41, 0x00, 0x42])],
  ])('refuses %s with the spec text', (_what, name, type, bytes) => {
    expect(checkFileBytes(TRAINING_DOCUMENT_RULE, { name, type }, bytes)).toEqual({
      ok: false,
      error: 'invalid_type',
      message: 'Invalid File Type: Please upload PDF, Word, Excel, or text files only.',
    });
  });

  it('keeps a Word document out of a catalogue upload', () => {
    expect(checkFileBytes(CATALOGUE_FILE_RULE, { name: 'list.xlsx', type: '' }, docx).ok).toBe(false);
  });
});
