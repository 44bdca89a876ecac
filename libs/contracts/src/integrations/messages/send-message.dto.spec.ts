import { validateDto } from '../../validation/validate-dto';
import { SendMessageDto } from './send-message.dto';

const INCOMPLETE = 'Please select a platform, enter recipient ID, and write a message.';
const valid = { platform: 'facebook', recipientId: '1234567890', message: 'Your order shipped.' };

describe('SendMessageDto', () => {
  it('accepts a platform, a recipient and a message', () => {
    expect(validateDto(SendMessageDto, { ...valid, message: ' Your order shipped. ' })).toEqual({
      ok: true,
      value: valid,
    });
  });

  it.each([
    [{ ...valid, platform: undefined }, INCOMPLETE],
    [{ ...valid, recipientId: '' }, INCOMPLETE],
    [{ ...valid, message: '   ' }, INCOMPLETE],
    [{ ...valid, platform: 'myspace' }, 'Platform must be one of: facebook, instagram, twitter, whatsapp'],
    [{ ...valid, message: 'x'.repeat(4097) }, 'Message must be at most 4096 characters'],
  ])('refuses %j: %s', (body, message) => {
    expect(validateDto(SendMessageDto, body)).toMatchObject({ ok: false, message });
  });
});
