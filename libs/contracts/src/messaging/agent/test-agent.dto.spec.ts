import { validateDto } from '../../validation/validate-dto';
import { TestAgentDto } from './test-agent.dto';

describe('TestAgentDto', () => {
  it.each(['test', 'instagram', 'whatsapp'])('accepts platform %s', (platform) => {
    expect(validateDto(TestAgentDto, { message: ' What are your prices? ', platform })).toEqual({
      ok: true,
      value: { message: 'What are your prices?', platform },
    });
  });

  it.each([
    [{ platform: 'test' }, 'Message is required'],
    [{ message: ' \t ', platform: 'test' }, 'Message is required'],
    [{ message: 'x'.repeat(4097), platform: 'test' }, 'Message must be at most 4096 characters'],
    [{ message: 'Hi' }, 'Platform is required'],
    [
      { message: 'Hi', platform: 'sms' },
      'Platform must be one of: facebook, instagram, twitter, whatsapp, test',
    ],
  ])('refuses %j: %s', (body, message) => {
    expect(validateDto(TestAgentDto, body)).toMatchObject({ ok: false, message });
  });
});
