import { INTENTS } from '@parley/contracts';
import {
  AGENT_REPLY_JSON_SCHEMA,
  MAX_RESPONSE_LENGTH,
  parseAgentReplyContent,
  validateAgentReply,
} from './schema';

const valid = {
  response: '  Hello there!  ',
  analysis: { intent: 'greeting', urgency: 'low', lead_potential: 'medium' },
  language: 'es',
};

type JsonSchemaNode = {
  type?: string;
  additionalProperties?: boolean;
  required?: readonly string[];
  properties?: Record<string, JsonSchemaNode>;
};

describe('AGENT_REPLY_JSON_SCHEMA', () => {
  it('is strict: every object closed and every property required', () => {
    const visit = (node: JsonSchemaNode): void => {
      if (node.type !== 'object') return;
      expect(node.additionalProperties).toBe(false);
      expect([...(node.required ?? [])].sort()).toEqual(Object.keys(node.properties ?? {}).sort());
      Object.values(node.properties ?? {}).forEach(visit);
    };
    visit(AGENT_REPLY_JSON_SCHEMA as unknown as JsonSchemaNode);
    expect(AGENT_REPLY_JSON_SCHEMA.properties.analysis.properties.intent.enum).toEqual([...INTENTS]);
  });
});

describe('validateAgentReply', () => {
  it('accepts a valid answer and trims the reply text', () => {
    expect(validateAgentReply(valid)).toEqual({
      ok: true,
      reply: { response: 'Hello there!', analysis: valid.analysis, language: 'es', needsHuman: false },
    });
  });

  it('reads needs_human, and its absence as false', () => {
    expect(validateAgentReply({ ...valid, needs_human: true })).toMatchObject({
      ok: true,
      reply: { needsHuman: true },
    });
    expect(validateAgentReply({ ...valid, needs_human: false })).toMatchObject({
      ok: true,
      reply: { needsHuman: false },
    });
  });

  it('accepts a reply of exactly the maximum length', () => {
    expect(validateAgentReply({ ...valid, response: 'a'.repeat(MAX_RESPONSE_LENGTH) }).ok).toBe(true);
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
    ['a missing language', { response: valid.response, analysis: valid.analysis }],
    ['an extra field', { ...valid, note: 'x' }],
    ['a needs_human that is not a boolean', { ...valid, needs_human: 'yes' }],
  ])('rejects %s', (_label, value) => {
    const result = validateAgentReply(value);
    expect(result.ok).toBe(false);
  });
});

describe('parseAgentReplyContent', () => {
  it('parses and validates JSON content', () => {
    expect(parseAgentReplyContent(JSON.stringify(valid)).ok).toBe(true);
  });

  it.each([null, undefined, '', '   ', 'not json', '{"response":'])('rejects %p', (content) => {
    expect(parseAgentReplyContent(content).ok).toBe(false);
  });
});
