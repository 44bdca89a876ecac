import { PAGE_NEXT_CURSOR_HEADER } from '@parley/contracts';
import { RAW_REPLY_HEADER } from '../nats/raw-reply';
import { pageReply } from './page';

describe('pageReply', () => {
  const items = [
    { id: 'a', content: 'Hola, ¿envían a Sevilla? "x"' },
    { id: 'b', content: null },
  ];

  it('answers the items as the JSON array the gateway sends, the next cursor in its header', () => {
    const reply = pageReply({ items, nextCursor: 'abc' });
    expect(Buffer.from(reply.body).toString('utf8')).toBe(JSON.stringify(items));
    expect(reply.headers).toEqual({ [PAGE_NEXT_CURSOR_HEADER]: 'abc' });
    expect(reply.natsHeaders().get(RAW_REPLY_HEADER)).toBe('1');
  });

  it('sends no cursor header on the last page', () => {
    const reply = pageReply({ items: [] });
    expect(Buffer.from(reply.body).toString('utf8')).toBe('[]');
    expect(reply.headers).toEqual({});
  });

  describe('a page larger than the budget', () => {
    const many = Array.from({ length: 10 }, (_, i) => ({ i, text: 'ñ'.repeat(10) }));
    const page = { items: many, nextCursor: 'end', cursorAfter: (i: number) => `after-${i}` };
    const itemBytes = Buffer.byteLength(JSON.stringify(many[0])); // every item has the same size

    it('is sent whole when it fits', () => {
      const reply = pageReply(page).within(10_000);
      expect(JSON.parse(Buffer.from(reply.body).toString('utf8'))).toEqual(many);
      expect(reply.headers).toEqual({ [PAGE_NEXT_CURSOR_HEADER]: 'end' });
    });

    it('ends at the last item that fits, exactly, with the cursor after it', () => {
      // Three items as a JSON array: '[' + 3 items + 2 commas + ']'.
      const three = 3 * itemBytes + 4;
      for (const [budget, kept] of [
        [three, 3],
        [three + itemBytes, 3],
        [three + itemBytes + 1, 4],
      ]) {
        const reply = pageReply(page).within(budget);
        expect(reply.body.length).toBeLessThanOrEqual(budget);
        expect(JSON.parse(Buffer.from(reply.body).toString('utf8'))).toEqual(many.slice(0, kept));
        expect(reply.headers).toEqual({ [PAGE_NEXT_CURSOR_HEADER]: `after-${kept - 1}` });
      }
    });

    it('keeps its first item even when that alone is larger (the transport then refuses it)', () => {
      const reply = pageReply(page).within(5);
      expect(JSON.parse(Buffer.from(reply.body).toString('utf8'))).toEqual(many.slice(0, 1));
      expect(reply.headers).toEqual({ [PAGE_NEXT_CURSOR_HEADER]: 'after-0' });
    });

    it('is sent whole, to be refused, by a list that cannot say where to continue', () => {
      const reply = pageReply({ items: many }).within(5);
      expect(JSON.parse(Buffer.from(reply.body).toString('utf8'))).toEqual(many);
    });
  });
});
