import { deliveryBackoff } from '../../deliveries/delivery-queue';
import { sendCall, sentMessageId } from './meta-send';

const message = { pageId: '20001', recipientId: '7001', text: 'Yes, we do.', template: null };

describe('sendCall', () => {
  it('answers on Messenger and Instagram as a RESPONSE inside the window, with the token in the query', () => {
    expect(sendCall({ ...message, platform: 'facebook' }, 'open')).toEqual({
      path: '/20001/messages',
      body: { recipient: { id: '7001' }, messaging_type: 'RESPONSE', message: { text: 'Yes, we do.' } },
      tokenAs: 'query',
    });
  });

  it('tags a message HUMAN_AGENT after the 24 hours', () => {
    expect(sendCall({ ...message, platform: 'instagram' }, 'human-agent').body).toEqual({
      recipient: { id: '7001' },
      messaging_type: 'MESSAGE_TAG',
      tag: 'HUMAN_AGENT',
      message: { text: 'Yes, we do.' },
    });
  });

  it('sends a WhatsApp text to the phone number id, with the token as a Bearer header', () => {
    expect(sendCall({ ...message, platform: 'whatsapp', recipientId: '34600111222' }, 'open')).toEqual({
      path: '/20001/messages',
      body: {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: '34600111222',
        type: 'text',
        text: { body: 'Yes, we do.' },
      },
      tokenAs: 'bearer',
    });
  });

  it('sends a WhatsApp template by name and language, its values as the body parameters', () => {
    const template = { name: 'order_update', language: 'en_US', parameters: ['Ada', '#1234'] };
    expect(sendCall({ ...message, platform: 'whatsapp', template }, 'template-only').body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '7001',
      type: 'template',
      template: {
        name: 'order_update',
        language: { code: 'en_US' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Ada' },
              { type: 'text', text: '#1234' },
            ],
          },
        ],
      },
    });
    const plain = { ...template, name: 'hello_world', parameters: [] };
    expect(sendCall({ ...message, platform: 'whatsapp', template: plain }, 'open').body).toMatchObject({
      type: 'template',
      template: { name: 'hello_world', language: { code: 'en_US' } },
    });
  });
});

describe('sentMessageId', () => {
  it("reads Messenger's message_id and WhatsApp's messages[0].id", () => {
    expect(sentMessageId({ recipient_id: '7001', message_id: 'm_1' })).toBe('m_1');
    expect(sentMessageId({ messaging_product: 'whatsapp', messages: [{ id: 'wamid.1' }] })).toBe('wamid.1');
    expect(sentMessageId({})).toBeUndefined();
    expect(sentMessageId(undefined)).toBeUndefined();
  });
});

describe('deliveryBackoff', () => {
  it("waits as long as Meta's Retry-After, else 1 s, 2 s, 4 s … up to a minute", () => {
    expect(deliveryBackoff(1, Object.assign(new Error('429'), { retryAfterMs: 7000 }))).toBe(7000);
    expect([1, 2, 3, 7, 20].map((n) => deliveryBackoff(n, new Error('500')))).toEqual([
      1000, 2000, 4000, 60_000, 60_000,
    ]);
  });
});
