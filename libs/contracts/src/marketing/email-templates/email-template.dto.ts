import { EMAIL_TEMPLATE_TYPES, type EmailTemplateType } from './email-template-types';
import { RequiredChoice } from '../../validation/choice-fields';
import { FIELD_LIMITS } from '../../validation/field-limits';
import { OptionalText, RequiredText } from '../../validation/text-fields';

/** POST /api/email/templates. */
export class EmailTemplateDto {
  @RequiredText('Template name', { max: FIELD_LIMITS.name })
  name!: string;

  @RequiredText('Subject', { max: FIELD_LIMITS.emailSubject })
  subject!: string;

  @RequiredText('Email content', { max: FIELD_LIMITS.emailHtml })
  htmlContent!: string;

  @OptionalText('Text content', { max: FIELD_LIMITS.emailText })
  textContent?: string | null;

  @RequiredChoice('Template type', EMAIL_TEMPLATE_TYPES)
  templateType!: EmailTemplateType;
}
