import { CUSTOMER_STAGES, INTENTS } from '@parley/contracts';
import type { AgentProduct } from '../agent-provider';
import {
  AGENT_REPLY_JSON_SCHEMA,
  type AnswerGrounds,
  MAX_RESPONSE_LENGTH,
  parseAgentReplyContent,
  validateAgentReply,
} from './schema';

const MESSAGE = 'Hola, quiero comprar dos Trail Runner para mañana. ¿Cuánto cuestan?';

const product = (name: string, price: number): AgentProduct => ({
  name,
  price,
  description: '',
  category: 'shoes',
  inStock: true,
  features: [],
});

const grounds: AnswerGrounds = {
  message: MESSAGE,
  offeredProducts: new Map([
    ['p1', product('Trail Runner', 89.9)],
    ['p2', product('Summit Tent', 249)],
  ]),
};

const valid = {
  response: '  Hello there!  ',
  analysis: { intent: 'greeting', urgency: 'low', lead_potential: 'medium' },
  suggested_stage: { stage: null, evidence: '' },
  handoff: { needed: false, reason: null },
  language: 'es',
  cited_product_ids: [],
};

type JsonSchemaNode = {
  type?: string | string[];
  additionalProperties?: boolean;
  required?: readonly string[];
  properties?: Record<string, JsonSchemaNode>;
  items?: JsonSchemaNode;
  anyOf?: JsonSchemaNode[];
  enum?: readonly (string | null)[];
};

describe('AGENT_REPLY_JSON_SCHEMA', () => {
  it('is strict: every object closed and every property required, at every depth', () => {
    const objects: JsonSchemaNode[] = [];
    const visit = (node: JsonSchemaNode): void => {
      if (node.type === 'object') {
        objects.push(node);
        expect(node.additionalProperties).toBe(false);
        expect([...(node.required ?? [])].sort()).toEqual(Object.keys(node.properties ?? {}).sort());
      }
      Object.values(node.properties ?? {}).forEach(visit);
      if (node.items) visit(node.items);
      node.anyOf?.forEach(visit);
    };
    visit(AGENT_REPLY_JSON_SCHEMA as unknown as JsonSchemaNode);
    expect(objects).toHaveLength(4); // the answer, analysis, suggested_stage, handoff
  });

  it('offers the contracts’ values: intents, customer stages, the model’s hand-off reasons', () => {
    const { properties } = AGENT_REPLY_JSON_SCHEMA;
    expect(properties.analysis.properties.intent.enum).toEqual([...INTENTS]);
    expect(properties.suggested_stage.properties.stage.anyOf[0].enum).toEqual([...CUSTOMER_STAGES]);
    expect(properties.handoff.properties.reason.anyOf[0].enum).toEqual([
      'unknown',
      'asked_for_person',
      'complaint',
    ]);
    expect(properties.cited_product_ids).toMatchObject({ type: 'array', items: { type: 'string' } });
  });
});

describe('validateAgentReply', () => {
  it('accepts a valid answer and trims the reply text', () => {
    expect(validateAgentReply(valid, grounds)).toEqual({
      ok: true,
      reply: { response: 'Hello there!', analysis: valid.analysis, language: 'es', needsHuman: false },
    });
  });

  it('maps the hand-off to needsHuman and its reason; a reason without a hand-off is ignored', () => {
    expect(
      validateAgentReply({ ...valid, handoff: { needed: true, reason: 'complaint' } }, grounds),
    ).toMatchObject({
      ok: true,
      reply: { needsHuman: true, needsHumanReason: 'complaint' },
    });
    const needed = validateAgentReply({ ...valid, handoff: { needed: true, reason: null } }, grounds);
    expect(needed).toMatchObject({ ok: true, reply: { needsHuman: true } });
    expect(needed.ok && 'needsHumanReason' in needed.reply).toBe(false);
    const notNeeded = validateAgentReply(
      { ...valid, handoff: { needed: false, reason: 'unknown' } },
      grounds,
    );
    expect(notNeeded.ok && notNeeded.reply).toEqual(
      expect.not.objectContaining({ needsHumanReason: 'unknown' }),
    );
    expect(notNeeded).toMatchObject({ ok: true, reply: { needsHuman: false } });
  });

  it('keeps a suggested stage whose evidence the customer wrote, word for word', () => {
    const result = validateAgentReply(
      { ...valid, suggested_stage: { stage: 'qualified', evidence: ' quiero comprar dos Trail Runner ' } },
      grounds,
    );
    expect(result).toMatchObject({
      ok: true,
      reply: { suggestedStage: { stage: 'qualified', evidence: 'quiero comprar dos Trail Runner' } },
    });
  });

  it.each([
    ['evidence the customer did not write', { stage: 'qualified', evidence: 'I want to buy two pairs' }],
    ['reworded evidence', { stage: 'qualified', evidence: 'quiero comprar 2 Trail Runner' }],
    ['empty evidence', { stage: 'interested', evidence: '' }],
    ['no stage', { stage: null, evidence: 'quiero comprar' }],
  ])('drops a suggested stage with %s, and keeps the rest of the answer', (_label, suggested) => {
    const result = validateAgentReply({ ...valid, suggested_stage: suggested }, grounds);
    expect(result.ok).toBe(true);
    expect(result.ok && result.reply.suggestedStage).toBeUndefined();
  });

  it('turns cited ids into the offered products’ names, dropping unknown ids and repeats', () => {
    const result = validateAgentReply(
      { ...valid, cited_product_ids: ['p2', 'p9', 'p2', 'Trail Runner', 'p1'] },
      grounds,
    );
    expect(result).toMatchObject({ ok: true, reply: { citedProducts: ['Summit Tent', 'Trail Runner'] } });
    const none = validateAgentReply({ ...valid, cited_product_ids: ['p3'] }, grounds);
    expect(none.ok && none.reply.citedProducts).toBeUndefined();
  });

  it('accepts a reply of exactly the maximum length', () => {
    expect(validateAgentReply({ ...valid, response: 'a'.repeat(MAX_RESPONSE_LENGTH) }, grounds).ok).toBe(
      true,
    );
  });

  it.each([
    ['not an object', 'hello'],
    ['an array', [valid]],
    ['null', null],
    ['a non-string response', { ...valid, response: 5 }],
    ['an empty response', { ...valid, response: '' }],
    ['a too long response', { ...valid, response: 'a'.repeat(MAX_RESPONSE_LENGTH + 1) }],
    ['an unknown intent', { ...valid, analysis: { ...valid.analysis, intent: 'chitchat' } }],
    ['an unknown urgency', { ...valid, analysis: { ...valid.analysis, urgency: 'urgent' } }],
    ['an unknown lead potential', { ...valid, analysis: { ...valid.analysis, lead_potential: 'HIGH' } }],
    ['an extra analysis field', { ...valid, analysis: { ...valid.analysis, sentiment: 'happy' } }],
    ['an unknown language', { ...valid, language: 'de' }],
    ['a missing language', (({ language: _language, ...rest }) => rest)(valid)],
    ['a missing hand-off', (({ handoff: _handoff, ...rest }) => rest)(valid)],
    ['the old needs_human field', { ...valid, needs_human: true }],
    ['an extra field', { ...valid, note: 'x' }],
    ['a hand-off that is not a boolean', { ...valid, handoff: { needed: 'yes', reason: null } }],
    [
      'the private-note reason (the reply check’s, not the model’s)',
      { ...valid, handoff: { needed: true, reason: 'private_note' } },
    ],
    ['an unknown stage', { ...valid, suggested_stage: { stage: 'hot', evidence: 'quiero' } }],
    ['a stage without evidence field', { ...valid, suggested_stage: { stage: 'new' } }],
    ['cited ids that are not a list', { ...valid, cited_product_ids: 'p1' }],
    ['cited ids that are not strings', { ...valid, cited_product_ids: [1] }],
  ])('rejects %s', (_label, value) => {
    const result = validateAgentReply(value, grounds);
    expect(result.ok).toBe(false);
  });
});

describe('parseAgentReplyContent', () => {
  it('parses and validates JSON content', () => {
    expect(parseAgentReplyContent(JSON.stringify(valid), grounds).ok).toBe(true);
  });

  it.each([null, undefined, '', '   ', 'not json', '{"response":'])('rejects %p', (content) => {
    expect(parseAgentReplyContent(content, grounds).ok).toBe(false);
  });
});
