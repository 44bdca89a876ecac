import { validateDto } from '../../validation/validate-dto';
import { SubscriberDto } from './subscriber.dto';

describe('SubscriberDto', () => {
  it('accepts an email with optional names and tags', () => {
    expect(
      validateDto(SubscriberDto, {
        email: ' Lea@Example.com ',
        firstName: 'Léa',
        lastName: ' ',
        tags: ['vip'],
      }),
    ).toMatchObject({
      ok: true,
      value: { email: 'lea@example.com', firstName: 'Léa', lastName: null, tags: ['vip'] },
    });
  });

  it.each([
    [{}, 'Valid email is required'],
    [{ email: '' }, 'Valid email is required'],
    [{ email: 'lea.example.com' }, 'Valid email is required'],
    [{ email: 'lea@example.com', firstName: 'x'.repeat(101) }, 'First name must be at most 100 characters'],
    [{ email: 'lea@example.com', tags: [1] }, 'Tags must be a list of text'],
  ])('refuses %j: %s', (body, message) => {
    expect(validateDto(SubscriberDto, body)).toMatchObject({ ok: false, message });
  });
});
