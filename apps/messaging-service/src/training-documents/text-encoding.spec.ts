import { decodeText } from './text-encoding';

describe('decodeText', () => {
  const text = 'Envío “rápido” – 5 €';

  it.each([
    ['UTF-8', Buffer.from(text)],
    ['UTF-8 with a BOM', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)])],
    ['UTF-16 LE with a BOM', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])],
    [
      'UTF-16 BE with a BOM',
      Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()]),
    ],
    [
      'Windows-1252',
      Buffer.from([
        0x45, 0x6e, 0x76, 0xed, 0x6f, 0x20, 0x93, 0x72, 0xe1, 0x70, 0x69, 0x64, 0x6f, 0x94, 0x20, 0x96, 0x20,
        0x35, 0x20, 0x80,
      ]),
    ],
  ])('reads %s', (_encoding, bytes) => {
    expect(decodeText(bytes)).toBe(text);
  });
});
