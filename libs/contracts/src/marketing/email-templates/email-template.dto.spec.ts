import { validateDto } from '../../validation/validate-dto';
import { EmailTemplateDto } from './email-template.dto';

const valid = {
  name: 'Welcome',
  subject: 'Welcome aboard',
  htmlContent: '<p>Hello</p>',
  templateType: 'welcome',
};

describe('EmailTemplateDto', () => {
  it.each(['welcome', 'newsletter', 'promotional', 'follow_up'])('accepts type %s', (templateType) => {
    expect(validateDto(EmailTemplateDto, { ...valid, templateType, textContent: 'Hello' })).toMatchObject({
      ok: true,
      value: { templateType, textContent: 'Hello' },
    });
  });

  it.each([
    [{ ...valid, name: '' }, 'Template name is required'],
    [{ ...valid, subject: ' ' }, 'Subject is required'],
    [{ ...valid, htmlContent: undefined }, 'Email content is required'],
    [{ ...valid, subject: 'x'.repeat(301) }, 'Subject must be at most 300 characters'],
    [{ ...valid, textContent: 5 }, 'Text content must be text'],
    [{ ...valid, templateType: undefined }, 'Template type is required'],
    [
      { ...valid, templateType: 'follow-up' },
      'Template type must be one of: welcome, newsletter, promotional, follow_up',
    ],
  ])('refuses %j: %s', (body, message) => {
    expect(validateDto(EmailTemplateDto, body)).toMatchObject({ ok: false, message });
  });
});
