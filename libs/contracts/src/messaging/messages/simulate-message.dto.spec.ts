import { validateDto } from '../../validation/validate-dto';
import { SimulateMessageDto } from './simulate-message.dto';

const valid = {
  platform: 'instagram',
  content: 'Do you ship to Dubai?',
  platformUsername: '@ana',
  senderName: 'Ana',
};

describe('SimulateMessageDto', () => {
  it.each(['facebook', 'instagram', 'twitter', 'whatsapp'])('accepts platform %s', (platform) => {
    expect(validateDto(SimulateMessageDto, { ...valid, platform })).toEqual({
      ok: true,
      value: { ...valid, platform },
    });
  });

  it('trims every text and accepts 4096 characters of content', () => {
    const content = 'x'.repeat(4096);
    expect(
      validateDto(SimulateMessageDto, { ...valid, content: ` ${content} `, senderName: ' Ana ' }),
    ).toEqual({
      ok: true,
      value: { ...valid, content },
    });
  });

  it.each([
    [{ ...valid, platform: undefined }, 'Platform is required'],
    [{ ...valid, platform: 'email' }, 'Platform must be one of: facebook, instagram, twitter, whatsapp'],
    [{ ...valid, content: '   ' }, 'Content is required'],
    [{ ...valid, content: 'x'.repeat(4097) }, 'Content must be at most 4096 characters'],
    [{ ...valid, content: ['hi'] }, 'Content must be text'],
    [{ ...valid, platformUsername: '' }, 'Platform username is required'],
    [{ ...valid, senderName: '\n' }, 'Sender name is required'],
    [{ ...valid, senderName: 'x'.repeat(201) }, 'Sender name must be at most 200 characters'],
  ])('refuses %j: %s', (body, message) => {
    expect(validateDto(SimulateMessageDto, body)).toMatchObject({ ok: false, message });
  });
});
