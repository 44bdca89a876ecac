import { validateDto } from '../../validation/validate-dto';
import { ReplyMessageDto } from './reply-message.dto';

describe('ReplyMessageDto', () => {
  it('accepts a customer id and trimmed content', () => {
    expect(validateDto(ReplyMessageDto, { customerId: 'c-1', content: ' Yes, we do! ' })).toEqual({
      ok: true,
      value: { customerId: 'c-1', content: 'Yes, we do!' },
    });
  });

  it.each([
    [{ content: 'Hi' }, 'Customer ID is required'],
    [{ customerId: 7, content: 'Hi' }, 'Customer ID must be text'],
    [{ customerId: 'c-1', content: ' ' }, 'Content is required'],
    [{ customerId: 'c-1', content: 'x'.repeat(4097) }, 'Content must be at most 4096 characters'],
  ])('refuses %j: %s', (body, message) => {
    expect(validateDto(ReplyMessageDto, body)).toMatchObject({ ok: false, message });
  });
});
