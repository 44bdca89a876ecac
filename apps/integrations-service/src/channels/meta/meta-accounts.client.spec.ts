import { subscriptionsOf } from './meta-accounts.client';

describe('subscriptionsOf', () => {
  it('subscribes each Facebook page itself, with its token', () => {
    expect(
      subscriptionsOf('facebook', [
        { pageId: 'p1', businessAccountId: null, token: 't1' },
        { pageId: 'p2', businessAccountId: null, token: 't2' },
      ]),
    ).toEqual([
      { objectId: 'p1', token: 't1' },
      { objectId: 'p2', token: 't2' },
    ]);
  });

  it("subscribes an Instagram account's Facebook page", () => {
    expect(subscriptionsOf('instagram', [{ pageId: 'ig1', businessAccountId: 'p1', token: 't1' }])).toEqual([
      { objectId: 'p1', token: 't1' },
    ]);
  });

  it('subscribes a WhatsApp Business account once for all its numbers', () => {
    expect(
      subscriptionsOf('whatsapp', [
        { pageId: 'n1', businessAccountId: 'waba1', token: 'user' },
        { pageId: 'n2', businessAccountId: 'waba1', token: 'user' },
        { pageId: 'n3', businessAccountId: 'waba2', token: 'user' },
      ]),
    ).toEqual([
      { objectId: 'waba1', token: 'user' },
      { objectId: 'waba2', token: 'user' },
    ]);
  });
});
