import { listFromCommaText } from '../owner-text';

describe('listFromCommaText', () => {
  it.each([
    ['Waterproof, USB port', ['Waterproof', 'USB port']],
    [' a ,, b , ', ['a', 'b']],
    ['', []],
    [' , ', []],
  ])('%j → %j', (text, items) => {
    expect(listFromCommaText(text)).toEqual(items);
  });
});
