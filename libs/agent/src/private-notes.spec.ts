import type { AgentContext, AgentReply } from './agent-provider';
import { leaksPrivateNote, privateNotesOf, withoutPrivateNotes } from './private-notes';

const context: Pick<AgentContext, 'company' | 'knowledge' | 'products' | 'responseStyle'> = {
  company: {
    name: 'Kettle & Co',
    description: 'We sell kettles in Leeds.\nReturns within 30 days.',
    phoneNumber: '+44 113 496 0000',
  },
  knowledge: [
    { category: 'policies', title: 'Staff', content: 'Staff code KTL-7781 at the till.', priority: 1 },
  ],
  products: [],
  responseStyle: 'friendly',
};

describe('privateNotesOf', () => {
  it('takes the private-notes field and the description’s notes', () => {
    expect(
      privateNotesOf({
        description: 'We sell kettles. Internal: margin 40%.',
        privateNotes: ' Code KTL-7781. ',
      }),
    ).toEqual(['Code KTL-7781.', 'Internal: margin 40%.']);
    expect(privateNotesOf({ description: 'We sell kettles.', privateNotes: null })).toEqual([]);
  });
});

describe('leaksPrivateNote', () => {
  const notes = [
    'Staff code KTL-7781; owner mobile 07700 900123, boss@kettle.example.',
    'We are closing the Leeds branch in March, tell nobody.',
    'Staff get 30% off, VIPGOLD for friends.',
  ];
  it.each([
    ['a code, even repeated by a knowledge passage', 'Use KTL-7781 at checkout.'],
    ['a code written another way', 'Try ktl 7781.'],
    ['a phone number without its spaces', 'Call 07700900123.'],
    ['an e-mail address', 'Write to boss@kettle.example.'],
    ['a word in capitals', 'Ask for VIPGOLD.'],
    ['a run of four words', 'We are closing the Leeds branch soon.'],
  ])('finds %s', (_case, response) => {
    expect(leaksPrivateNote(response, notes, context)).toBe(true);
  });

  it.each([
    ['a short number the business says publicly', 'Returns are accepted within 30 days.'],
    ['ordinary words of a note', 'Our staff will help you find the right kettle in Leeds.'],
    ['the published phone number', 'Call us on +44 113 496 0000.'],
  ])('lets through %s', (_case, response) => {
    expect(leaksPrivateNote(response, [...notes, 'Owner line +44 113 496 0000.'], context)).toBe(false);
  });
});

describe('withoutPrivateNotes', () => {
  const reply: AgentReply = {
    response: 'Claro, usa KTL-7781.',
    analysis: { intent: 'pricing', urgency: 'low', lead_potential: 'medium' },
    language: 'es',
    needsHuman: false,
  };
  it('replaces a reply that gives a note away by the hand-off in its language, for a person', () => {
    expect(withoutPrivateNotes(reply, ['Staff code KTL-7781.'], context)).toEqual({
      ...reply,
      response: 'Un miembro de nuestro equipo te responderá en breve.',
      needsHuman: true,
      privateNoteCheck: { withheld: true },
    });
  });
  it('keeps any other reply as it is', () => {
    expect(withoutPrivateNotes(reply, ['Margin 40%.'], context)).toBe(reply);
  });
});
