import {
  instagramAttachment,
  instagramEcho,
  instagramRead,
  instagramText,
  messengerAttachment,
  messengerDelivery,
  messengerEcho,
  messengerRead,
  messengerText,
  whatsappImage,
  whatsappStatus,
  whatsappText,
} from '../../testing/fake-meta/meta-payloads';
import { normaliseMetaWebhook } from './meta-webhook.normaliser';

const GRAPH = 'https://graph.example/v21.0';
const read = (body: unknown) =>
  normaliseMetaWebhook(JSON.parse(JSON.stringify(body)), (id) => `${GRAPH}/${id}`);

const T = Date.UTC(2026, 10, 25, 9, 30, 0);
const ISO = new Date(T).toISOString();

describe('normaliseMetaWebhook', () => {
  describe('Messenger (object "page")', () => {
    it('reads a text message: the page is the entry, the customer the sender', () => {
      const body = messengerText({
        pageId: 'p1',
        psid: 'u1',
        text: '  Do you ship to Lyon?  ',
        mid: 'm_1',
        timestamp: T,
      });
      expect(read(body)).toEqual([
        {
          kind: 'message',
          platform: 'facebook',
          pageId: 'p1',
          userId: 'u1',
          mid: 'm_1',
          content: 'Do you ship to Lyon?',
          attachments: [],
          sentAt: ISO,
        },
      ]);
    });

    it('keeps attachments as links with their type, and names them when there is no text', () => {
      const body = messengerAttachment({
        pageId: 'p1',
        psid: 'u1',
        type: 'image',
        url: 'https://cdn.example/a.jpg',
        mid: 'm_2',
      });
      expect(read(body)).toEqual([
        expect.objectContaining({
          content: '[image]',
          attachments: [{ type: 'image', url: 'https://cdn.example/a.jpg' }],
        }),
      ]);
      const captioned = messengerAttachment({
        pageId: 'p1',
        psid: 'u1',
        type: 'file',
        url: 'https://cdn.example/f.pdf',
        text: 'the invoice',
      });
      expect(read(captioned)).toEqual([
        expect.objectContaining({
          content: 'the invoice',
          attachments: [{ type: 'file', url: 'https://cdn.example/f.pdf' }],
        }),
      ]);
    });

    it('drops attachment links that are not http(s) and keeps a shared location as a map link', () => {
      const body = messengerText({ pageId: 'p1', psid: 'u1', text: 'x' });
      const message = body.entry[0].messaging[0].message as Record<string, unknown>;
      delete message.text;
      message.attachments = [
        { type: 'image', payload: { url: 'javascript:alert(1)' } },
        { type: 'location', payload: { coordinates: { lat: 48.85, long: 2.35 } } },
        { type: 'fallback', payload: null },
      ];
      expect(read(body)).toEqual([
        expect.objectContaining({
          content: '[location]',
          attachments: [{ type: 'location', url: 'https://www.google.com/maps?q=48.85,2.35' }],
        }),
      ]);
    });

    it('reads an echo (the page wrote to the customer), with the sending app when there is one', () => {
      const ours = messengerEcho({
        pageId: 'p1',
        psid: 'u1',
        text: 'Sure!',
        mid: 'm_3',
        appId: '1517776481860111',
        timestamp: T,
      });
      expect(read(ours)).toEqual([
        {
          kind: 'echo',
          platform: 'facebook',
          pageId: 'p1',
          recipientId: 'u1',
          mid: 'm_3',
          content: 'Sure!',
          appId: '1517776481860111',
          sentAt: ISO,
        },
      ]);
      const byHand = messengerEcho({ pageId: 'p1', psid: 'u1', text: 'Hi, Ana here', mid: 'm_4' });
      expect(read(byHand)).toEqual([
        expect.objectContaining({ kind: 'echo', appId: undefined, content: 'Hi, Ana here' }),
      ]);
    });

    it('reads deliveries (mids and watermark) and reads (watermark)', () => {
      expect(
        read(messengerDelivery({ pageId: 'p1', psid: 'u1', mids: ['m_a', 'm_b'], watermark: T })),
      ).toEqual([
        {
          kind: 'delivered',
          platform: 'facebook',
          pageId: 'p1',
          userId: 'u1',
          mids: ['m_a', 'm_b'],
          upTo: ISO,
        },
      ]);
      expect(read(messengerRead({ pageId: 'p1', psid: 'u1', watermark: T }))).toEqual([
        { kind: 'read', platform: 'facebook', pageId: 'p1', userId: 'u1', upTo: ISO, mid: undefined },
      ]);
    });

    it('reads every event of every entry of a batched body, in order', () => {
      const a = messengerText({ pageId: 'p1', psid: 'u1', text: 'one', mid: 'm_a' });
      const b = messengerText({ pageId: 'p2', psid: 'u2', text: 'two', mid: 'm_b' });
      const c = messengerRead({ pageId: 'p2', psid: 'u2', watermark: T });
      b.entry[0].messaging.push(c.entry[0].messaging[0]);
      const body = { object: 'page', entry: [...a.entry, ...b.entry] };
      expect(read(body).map((e) => [e.kind, e.pageId])).toEqual([
        ['message', 'p1'],
        ['message', 'p2'],
        ['read', 'p2'],
      ]);
    });

    it('skips what is not a message, delivery or read (reactions, postbacks, deleted messages, no watermark or mids)', () => {
      const base = messengerText({ pageId: 'p1', psid: 'u1', text: 'x' });
      const event = base.entry[0].messaging[0] as Record<string, unknown>;
      const others = [
        {
          sender: event.sender,
          recipient: event.recipient,
          reaction: { mid: 'm_1', action: 'react', emoji: '❤' },
        },
        { sender: event.sender, recipient: event.recipient, message: { mid: 'm_9', is_deleted: true } },
        { sender: event.sender, recipient: event.recipient, read: {} },
        { sender: event.sender, recipient: event.recipient, delivery: { watermark: 'soon' } },
      ];
      base.entry[0].messaging = others as never;
      expect(read(base)).toEqual([]);
    });
  });

  describe('Instagram (object "instagram")', () => {
    it('reads a text message: the Instagram account is the entry', () => {
      const body = instagramText({ igId: 'ig1', igsid: 's1', text: 'Hola', mid: 'm_5', timestamp: T });
      expect(read(body)).toEqual([
        {
          kind: 'message',
          platform: 'instagram',
          pageId: 'ig1',
          userId: 's1',
          mid: 'm_5',
          content: 'Hola',
          attachments: [],
          sentAt: ISO,
        },
      ]);
    });

    it('reads an attachment, an echo and a read naming the message seen', () => {
      expect(
        read(
          instagramAttachment({ igId: 'ig1', igsid: 's1', type: 'video', url: 'https://cdn.example/v.mp4' }),
        ),
      ).toEqual([
        expect.objectContaining({
          platform: 'instagram',
          content: '[video]',
          attachments: [{ type: 'video', url: 'https://cdn.example/v.mp4' }],
        }),
      ]);
      expect(read(instagramEcho({ igId: 'ig1', igsid: 's1', text: 'Gracias', mid: 'm_6' }))).toEqual([
        expect.objectContaining({
          kind: 'echo',
          platform: 'instagram',
          pageId: 'ig1',
          recipientId: 's1',
          mid: 'm_6',
        }),
      ]);
      expect(read(instagramRead({ igId: 'ig1', igsid: 's1', mid: 'm_6' }))).toEqual([
        { kind: 'read', platform: 'instagram', pageId: 'ig1', userId: 's1', upTo: undefined, mid: 'm_6' },
      ]);
    });
  });

  describe('WhatsApp Cloud (object "whatsapp_business_account")', () => {
    const target = { wabaId: 'waba1', phoneNumberId: 'ph1' };

    it('reads a text with the profile name from the payload; the page is the phone number id', () => {
      const body = whatsappText({
        ...target,
        waId: '34600111222',
        name: 'Lucía',
        text: '¿Tenéis talla M?',
        id: 'wamid.1',
        timestamp: String(T / 1000),
      });
      expect(read(body)).toEqual([
        {
          kind: 'message',
          platform: 'whatsapp',
          pageId: 'ph1',
          userId: '34600111222',
          mid: 'wamid.1',
          content: '¿Tenéis talla M?',
          attachments: [],
          sentAt: ISO,
          profileName: 'Lucía',
        },
      ]);
    });

    it('links media by its Graph id (WhatsApp gives no URL), with the caption as the text', () => {
      const plain = whatsappImage({
        ...target,
        waId: '1',
        name: 'A',
        mediaId: 'media-9',
        mimeType: 'image/jpeg',
      });
      expect(read(plain)).toEqual([
        expect.objectContaining({
          content: '[image]',
          attachments: [{ type: 'image', url: `${GRAPH}/media-9` }],
        }),
      ]);
      const captioned = whatsappImage({
        ...target,
        waId: '1',
        name: 'A',
        mediaId: 'media-9',
        mimeType: 'image/jpeg',
        caption: 'this one',
      });
      expect(read(captioned)).toEqual([expect.objectContaining({ content: 'this one' })]);
    });

    it('reads documents, locations, button and list replies; names what it cannot read', () => {
      const body = whatsappText({ ...target, waId: '1', name: 'A', text: 'x' });
      const value = body.entry[0].changes[0].value as Record<string, unknown>;
      const base = { from: '1', timestamp: String(T / 1000) };
      value.messages = [
        {
          ...base,
          id: 'w1',
          type: 'document',
          document: { id: 'doc-1', filename: 'a.pdf', mime_type: 'application/pdf' },
        },
        {
          ...base,
          id: 'w2',
          type: 'location',
          location: { latitude: 40.4, longitude: -3.7, name: 'Shop', address: 'Gran Vía 1' },
        },
        {
          ...base,
          id: 'w3',
          type: 'interactive',
          interactive: { type: 'button_reply', button_reply: { id: 'b', title: 'Yes please' } },
        },
        {
          ...base,
          id: 'w4',
          type: 'interactive',
          interactive: { type: 'list_reply', list_reply: { id: 'l', title: 'Size M' } },
        },
        { ...base, id: 'w5', type: 'button', button: { text: 'Stop promotions', payload: 'STOP' } },
        { ...base, id: 'w6', type: 'unsupported', errors: [{ code: 131051, title: 'Message type unknown' }] },
        { ...base, id: 'w7', type: 'reaction', reaction: { message_id: 'wamid.x', emoji: '👍' } },
      ];
      expect(
        read(body).map((e) => (e.kind === 'message' ? [e.mid, e.content, e.attachments] : e.kind)),
      ).toEqual([
        ['w1', '[file]', [{ type: 'file', url: `${GRAPH}/doc-1` }]],
        ['w2', 'Shop, Gran Vía 1', [{ type: 'location', url: 'https://www.google.com/maps?q=40.4,-3.7' }]],
        ['w3', 'Yes please', []],
        ['w4', 'Size M', []],
        ['w5', 'Stop promotions', []],
        ['w6', '[unsupported message]', []],
      ]);
    });

    it('reads statuses, a failed one with the reason from errors[0]', () => {
      expect(
        read(whatsappStatus({ ...target, id: 'wamid.2', status: 'delivered', recipientId: '34600111222' })),
      ).toEqual([
        {
          kind: 'status',
          platform: 'whatsapp',
          pageId: 'ph1',
          mid: 'wamid.2',
          status: 'delivered',
          recipientId: '34600111222',
          reason: undefined,
        },
      ]);
      const failed = whatsappStatus({
        ...target,
        id: 'wamid.3',
        status: 'failed',
        recipientId: '34600111222',
        errors: [
          {
            code: 131047,
            title: 'Re-engagement message',
            message: 'Re-engagement message',
            error_data: {
              details:
                'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
            },
          },
        ],
      });
      expect(read(failed)).toEqual([
        expect.objectContaining({
          status: 'failed',
          reason:
            'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
        }),
      ]);
      const bare = whatsappStatus({
        ...target,
        id: 'wamid.4',
        status: 'failed',
        recipientId: '1',
        errors: [{ code: 131026, title: 'Message undeliverable' }],
      });
      expect(read(bare)).toEqual([expect.objectContaining({ reason: 'Message undeliverable' })]);
    });

    it('skips changes of other fields and statuses it does not know', () => {
      const body = whatsappStatus({ ...target, id: 'wamid.5', status: 'read', recipientId: '1' });
      const statuses = (body.entry[0].changes[0].value as unknown as { statuses: Record<string, unknown>[] })
        .statuses;
      statuses[0].status = 'deleted';
      expect(read(body)).toEqual([]);
      const other = {
        object: 'whatsapp_business_account',
        entry: [{ id: 'waba1', changes: [{ field: 'account_update', value: {} }] }],
      };
      expect(read(other)).toEqual([]);
    });
  });

  it('answers nothing, without throwing, for bodies that are not one of the three shapes', () => {
    for (const body of [
      null,
      42,
      'page',
      [],
      {},
      { object: 'user', entry: [] },
      { object: 'page', entry: {} },
      { object: 'page', entry: [null, { id: {} }, { id: 'p', messaging: [1, null, {}] }] },
    ])
      expect(read(body)).toEqual([]);
  });

  it('keeps text storable: no NUL, no lone surrogate, at most 4096 characters, the last pair whole', () => {
    const long = `${'a'.repeat(4095)}😀 tail`;
    const body = messengerText({ pageId: 'p1', psid: 'u1', text: long, mid: 'm_7' });
    const [event] = read(body);
    expect(event.kind === 'message' && event.content).toBe('a'.repeat(4095));
    const odd = messengerText({ pageId: 'p1', psid: 'u1', text: 'a\u0000b\ud800c', mid: 'm_8' });
    expect(read(odd)).toEqual([expect.objectContaining({ content: 'ab\ufffdc' })]);
  });

  it('takes now for a missing time and never throws on an absurd one', () => {
    const body = messengerText({ pageId: 'p1', psid: 'u1', text: 'x', timestamp: 9e18 });
    const [event] = read(body);
    expect(event.kind === 'message' && Math.abs(Date.parse(event.sentAt) - Date.now())).toBeLessThan(5000);
  });
});
