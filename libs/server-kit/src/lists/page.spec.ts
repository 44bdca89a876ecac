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
});
