import { EMAIL_TEMPLATE_TYPES, type EmailTemplateType } from './email-template-types';
import { OptionalBoolean, RequiredChoice } from '../../validation/choice-fields';
import { FIELD_LIMITS } from '../../validation/field-limits';
import { IfPresent } from '../../validation/if-present';
import { OptionalText, RequiredText } from '../../validation/text-fields';

/** PATCH /api/email/templates/{id}: the create body, but only the fields sent change. */
export class UpdateEmailTemplateDto {
  @IfPresent()
  @RequiredText('Template name', { max: FIELD_LIMITS.name })
  name?: string;

  @IfPresent()
  @RequiredText('Subject', { max: FIELD_LIMITS.emailSubject })
  subject?: string;

  @IfPresent()
  @RequiredText('Email content', { max: FIELD_LIMITS.emailHtml })
  htmlContent?: string;

  @OptionalText('Text content', { max: FIELD_LIMITS.emailText })
  textContent?: string | null;

  @IfPresent()
  @RequiredChoice('Template type', EMAIL_TEMPLATE_TYPES)
  templateType?: EmailTemplateType;

  @OptionalBoolean('Active')
  isActive?: boolean;
}
