import type { AiConfigDto } from '@parley/contracts';
import { DEFAULT_AI_CONFIG } from './ai-config.mapper';
import { isSetupComplete, lacksAwayMessage, mergeAiConfig } from './ai-config.service';

describe('mergeAiConfig', () => {
  const { updatedAt: _updatedAt, agentTestedAt: _agentTestedAt, ...defaults } = DEFAULT_AI_CONFIG;

  it('takes the fields a save gives, keeps the absent ones, clears the null ones', () => {
    const current = { ...defaults, address: 'Calle Mayor 1', website: 'https://olive.example' };
    const next = mergeAiConfig(current, {
      companyName: 'Olive & Thread',
      companyDescription: 'Linen clothes.',
      responseDelay: 0,
      website: null,
    } as AiConfigDto);
    expect(next).toEqual({
      ...current,
      companyName: 'Olive & Thread',
      companyDescription: 'Linen clothes.',
      responseDelay: 0,
      website: null,
      setupCompleted: true,
    });
  });

  it('ignores what is not a setting, and never takes setupCompleted from the request', () => {
    const next = mergeAiConfig(defaults, {
      companyName: 'Olive',
      companyDescription: ' ',
      setupCompleted: true,
      ownerId: 'someone else',
    } as unknown as AiConfigDto);
    expect(next).toEqual({
      ...defaults,
      companyName: 'Olive',
      companyDescription: ' ',
      setupCompleted: false,
    });
  });
});

describe('isSetupComplete', () => {
  it('needs both company texts, not blank', () => {
    expect(isSetupComplete({ companyName: 'Olive', companyDescription: 'Linen.' })).toBe(true);
    expect(isSetupComplete({ companyName: 'Olive', companyDescription: '  ' })).toBe(false);
    expect(isSetupComplete({ companyName: '', companyDescription: 'Linen.' })).toBe(false);
  });
});

describe('lacksAwayMessage', () => {
  it('is true only when the away message is chosen without a text', () => {
    expect(lacksAwayMessage({ atLimitReply: 'away_message', awayMessage: null })).toBe(true);
    expect(lacksAwayMessage({ atLimitReply: 'away_message', awayMessage: 'Back Monday.' })).toBe(false);
    expect(lacksAwayMessage({ atLimitReply: 'nothing', awayMessage: null })).toBe(false);
  });
});
