import { aKnowledgeItem } from '../../../test/fixtures/training';
import { documentKind, formatFileSize, matchesKnowledgeSearch, priorityBadge } from '../training-format';

describe('documentKind', () => {
  it.each([
    ['application/pdf', 'a.bin', 'pdf'],
    ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'a', 'word'],
    ['xlsx', 'a', 'excel'],
    ['.XLS', 'a', 'excel'],
    ['text/plain', 'a', 'text'],
    ['', 'Notes.TXT', 'text'],
    ['application/octet-stream', 'report.docx', 'word'],
    ['application/octet-stream', 'archive', 'other'],
  ])('%j named %j is %s', (fileType, name, kind) => {
    expect(documentKind(fileType, name)).toBe(kind);
  });
});

describe('formatFileSize', () => {
  it.each([
    [0, 'en', '0 bytes'],
    [900, 'en', '900 bytes'],
    [12_800, 'en', '12.5 kB'],
    [10 * 1024 * 1024, 'en', '10 MB'],
    [12_800, 'es', '12,5 kB'],
    [3.5 * 1024 * 1024, 'ar', '3.5 ميغابايت'],
  ])('%d bytes in %s: %s', (bytes, language, text) => {
    expect(formatFileSize(bytes, language)).toBe(text);
  });
});

describe('priorityBadge (spec 001 §9)', () => {
  it('is the default badge at 3, the destructive one at 4 and 5, and a quiet one below', () => {
    expect(([1, 2, 3, 4, 5] as const).map(priorityBadge)).toEqual([
      'secondary',
      'secondary',
      'default',
      'destructive',
      'destructive',
    ]);
  });
});

describe('matchesKnowledgeSearch', () => {
  const item = aKnowledgeItem({ title: 'Envíos', content: 'Enviamos a Canarias.', tags: ['Islas'] });
  it.each([
    ['', true],
    ['  ', true],
    ['ENVÍOS', true],
    ['canarias', true],
    ['islas', true],
    ['portugal', false],
  ])('%j → %s', (search, matches) => {
    expect(matchesKnowledgeSearch(item, search)).toBe(matches);
  });
});
