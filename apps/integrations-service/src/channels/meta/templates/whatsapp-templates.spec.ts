import { type GraphTemplate, sendableTemplate } from './whatsapp-templates';

const orderUpdate: GraphTemplate = {
  name: 'order_update',
  language: 'en_US',
  status: 'APPROVED',
  category: 'UTILITY',
  parameter_format: 'POSITIONAL',
  components: [
    { type: 'HEADER', format: 'TEXT', text: 'Your order' },
    { type: 'BODY', text: 'Hi {{1}}, your order {{2}} is on its way.' },
    { type: 'FOOTER', text: 'Kestrel Shop' },
    {
      type: 'BUTTONS',
      buttons: [{ type: 'QUICK_REPLY' }, { type: 'URL', url: 'https://kestrel.example/help' }],
    },
  ],
};

describe('sendableTemplate', () => {
  it('offers an approved text template with its header, body, footer and the number of values', () => {
    expect(sendableTemplate(orderUpdate)).toEqual({
      name: 'order_update',
      language: 'en_US',
      category: 'UTILITY',
      header: 'Your order',
      body: 'Hi {{1}}, your order {{2}} is on its way.',
      footer: 'Kestrel Shop',
      parameterCount: 2,
    });
  });

  it('leaves out what Parley cannot fill in or send', () => {
    const components = orderUpdate.components ?? [];
    const [, body, footer] = components;
    const cannot: GraphTemplate[] = [
      { ...orderUpdate, status: 'PENDING' },
      { ...orderUpdate, parameter_format: 'NAMED' },
      { ...orderUpdate, components: [{ type: 'HEADER', format: 'IMAGE' }, body] },
      { ...orderUpdate, components: [{ type: 'HEADER', format: 'TEXT', text: 'Hello {{1}}' }, body] },
      { ...orderUpdate, components: [body, { type: 'BUTTONS', buttons: [{ type: 'COPY_CODE' }] }] },
      {
        ...orderUpdate,
        components: [body, { type: 'BUTTONS', buttons: [{ type: 'URL', url: 'https://x.example/{{1}}' }] }],
      },
      { ...orderUpdate, components: [footer] },
    ];
    for (const template of cannot) expect(sendableTemplate(template)).toBeUndefined();
  });
});
