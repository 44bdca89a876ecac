import { validateDto } from '../../validation/validate-dto';
import { SendTemplateDto } from './send-template.dto';
import { placeholderCount, renderTemplate } from './whatsapp-template';

const orderUpdate = { header: 'Your order', body: 'Hi {{1}}, order {{2}} ships today.', footer: null };

describe('WhatsApp templates', () => {
  it('counts the highest placeholder of a body', () => {
    expect(placeholderCount(orderUpdate.body)).toBe(2);
    expect(placeholderCount('{{2}} then {{1}} and {{2}}')).toBe(2);
    expect(placeholderCount('Hello world')).toBe(0);
  });

  it('renders what the customer reads, leaving a value not given as it is', () => {
    expect(renderTemplate(orderUpdate, ['Ada', '#1234'])).toBe(
      'Your order\n\nHi Ada, order #1234 ships today.',
    );
    expect(renderTemplate({ ...orderUpdate, footer: 'Kestrel' }, ['Ada'])).toBe(
      'Your order\n\nHi Ada, order {{2}} ships today.\n\nKestrel',
    );
  });
});

describe('SendTemplateDto', () => {
  const valid = { name: 'order_update', language: 'en_US', parameters: ['Ada', '#1234'] };

  it('accepts a name, a language and the values; no values for a template without any', () => {
    expect(validateDto(SendTemplateDto, valid)).toEqual({ ok: true, value: valid });
    expect(validateDto(SendTemplateDto, { name: 'hello_world', language: 'en_US' })).toEqual({
      ok: true,
      value: { name: 'hello_world', language: 'en_US', parameters: [] },
    });
  });

  it.each([
    [{ ...valid, name: ' ' }, 'Template name is required'],
    [{ ...valid, language: undefined }, 'Template language is required'],
    [{ ...valid, parameters: 'Ada' }, 'Parameters must be a list of text'],
    [{ ...valid, parameters: ['Ada', 7] }, 'Parameters must be a list of text'],
    [{ ...valid, parameters: ['Ada', '  '] }, 'Parameters cannot be blank'],
    [
      { ...valid, parameters: ['Ada', 'two\nlines'] },
      'Parameters cannot hold a new line, a tab or more than 4 spaces in a row',
    ],
    [
      { ...valid, parameters: ['Ada', 'wide     gap'] },
      'Parameters cannot hold a new line, a tab or more than 4 spaces in a row',
    ],
    [{ ...valid, parameters: ['x'.repeat(1025)] }, 'Parameters must each be at most 1024 characters'],
  ])('refuses %j: %s', (body, message) => {
    expect(validateDto(SendTemplateDto, body)).toMatchObject({ ok: false, message });
  });
});
