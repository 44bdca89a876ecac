import { CURRENCIES } from '../../rules/currencies';
import { validateDto } from '../../validation/validate-dto';
import { AiConfigDto } from './ai-config.dto';

const valid = { companyName: 'Sweet Crumbs', companyDescription: 'A family bakery in Seville.' };

describe('AiConfigDto', () => {
  it('accepts the AI Config screen body', () => {
    const body = { ...valid, responseStyle: 'friendly', autoRespond: false, responseDelay: 45 };
    expect(validateDto(AiConfigDto, body)).toMatchObject({ ok: true, value: body });
  });

  it('accepts the Business Setup fields', () => {
    const body = {
      ...valid,
      address: 'Calle Feria 12, Sevilla',
      phoneNumber: '+34 954 00 00 00',
      email: 'hola@sweetcrumbs.example',
      website: 'sweetcrumbs.example',
      googleMapsLocation: 'https://maps.example/?q=37.39,-5.99',
      openingHours: 'Mon–Sat 8:00–20:00',
      collectCustomerName: true,
      collectCustomerPhone: true,
      collectCustomerEmail: false,
      collectCustomerAddress: true,
      additionalFields: [' Delivery date ', '', 'Allergies'],
    };
    expect(validateDto(AiConfigDto, body)).toMatchObject({
      ok: true,
      value: { ...body, additionalFields: ['Delivery date', 'Allergies'] },
    });
  });

  it('reads a cleared business field as null, which clears the stored value', () => {
    expect(validateDto(AiConfigDto, { ...valid, address: '', website: null })).toMatchObject({
      ok: true,
      value: { address: null, website: null },
    });
  });

  it('accepts the away message at the limit, trimmed', () => {
    expect(
      validateDto(AiConfigDto, { ...valid, atLimitReply: 'away_message', awayMessage: '  Back soon!  ' }),
    ).toMatchObject({ ok: true, value: { atLimitReply: 'away_message', awayMessage: 'Back soon!' } });
    const longest = 'x'.repeat(1000);
    expect(
      validateDto(AiConfigDto, { ...valid, atLimitReply: 'away_message', awayMessage: longest }),
    ).toMatchObject({ ok: true, value: { awayMessage: longest } });
  });

  it('keeps or clears the away message while the choice is nothing', () => {
    expect(validateDto(AiConfigDto, { ...valid, atLimitReply: 'nothing', awayMessage: ' ' })).toMatchObject({
      ok: true,
      value: { atLimitReply: 'nothing', awayMessage: null },
    });
    // Absent: the service keeps the stored message and checks the saved configuration as a whole.
    const choiceOnly = validateDto(AiConfigDto, { ...valid, atLimitReply: 'away_message' });
    expect(choiceOnly).toMatchObject({ ok: true });
    expect(choiceOnly.ok && choiceOnly.value.awayMessage).toBeUndefined();
  });

  it.each([0, 15, 30, 300])('accepts a response delay of %d seconds', (responseDelay) => {
    expect(validateDto(AiConfigDto, { ...valid, responseDelay })).toMatchObject({ ok: true });
  });

  it.each([
    [{ companyDescription: 'x' }, 'Company name is required'],
    [{ ...valid, companyName: '  ' }, 'Company name is required'],
    [{ companyName: 'x' }, 'Company description is required'],
    [
      { ...valid, companyDescription: 'x'.repeat(5001) },
      'Company description must be at most 5000 characters',
    ],
    [
      { ...valid, responseStyle: 'formal' },
      'Response style must be one of: professional, friendly, casual, enthusiastic',
    ],
    [{ ...valid, currency: 'XYZ' }, `Currency must be one of: ${CURRENCIES.join(', ')}`],
    [{ ...valid, currency: 'gbp' }, `Currency must be one of: ${CURRENCIES.join(', ')}`],
    [{ ...valid, autoRespond: 'yes' }, 'Auto respond must be true or false'],
    [{ ...valid, autoRespond: null }, 'Auto respond must be true or false'],
    [
      { ...valid, responseStyle: null },
      'Response style must be one of: professional, friendly, casual, enthusiastic',
    ],
    [{ ...valid, responseDelay: null }, 'Response delay must be 0 to 300 seconds in steps of 15'],
    [{ ...valid, responseDelay: 20 }, 'Response delay must be 0 to 300 seconds in steps of 15'],
    [{ ...valid, responseDelay: 315 }, 'Response delay must be 0 to 300 seconds in steps of 15'],
    [{ ...valid, responseDelay: -15 }, 'Response delay must be 0 to 300 seconds in steps of 15'],
    [{ ...valid, responseDelay: '30' }, 'Response delay must be 0 to 300 seconds in steps of 15'],
    [{ ...valid, phoneNumber: 'none' }, 'Phone number must be a valid phone number'],
    [{ ...valid, email: 'hola' }, 'Email must be a valid email address'],
    [{ ...valid, website: 'not a site' }, 'Website must be a valid web address'],
    [{ ...valid, website: 'javascript:alert(1)' }, 'Website must be a valid web address'],
    [{ ...valid, collectCustomerEmail: 1 }, 'Collect customer email must be true or false'],
    [{ ...valid, additionalFields: 'Allergies' }, 'Additional fields must be a list of text'],
    [{ ...valid, additionalFields: Array(21).fill('x') }, 'Additional fields can have at most 20 items'],
    [{ ...valid, setupCompleted: true }, 'Unknown field "setupCompleted"'],
    [{ ...valid, atLimitReply: 'pause' }, 'At-limit reply must be one of: nothing, away_message'],
    [{ ...valid, atLimitReply: null }, 'At-limit reply must be one of: nothing, away_message'],
    [{ ...valid, atLimitReply: 'away_message', awayMessage: null }, 'Please write the away message'],
    [{ ...valid, atLimitReply: 'away_message', awayMessage: '   ' }, 'Please write the away message'],
    [
      { ...valid, atLimitReply: 'away_message', awayMessage: 'x'.repeat(1001) },
      'Away message must be at most 1000 characters',
    ],
    [{ ...valid, awayMessage: 'x'.repeat(1001) }, 'Away message must be at most 1000 characters'],
    [{ ...valid, awayMessage: 42 }, 'Away message must be text'],
    [{ ...valid, awayMessage: 'a\u0000b' }, 'Away message contains a character that is not allowed'],
  ])('refuses %j: %s', (body, message) => {
    expect(validateDto(AiConfigDto, body)).toMatchObject({ ok: false, message });
  });
});
