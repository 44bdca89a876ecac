import { isOneOf } from '../../enums/one-of';

export const EMAIL_TEMPLATE_TYPES = ['welcome', 'newsletter', 'promotional', 'follow_up'] as const;

export type EmailTemplateType = (typeof EMAIL_TEMPLATE_TYPES)[number];

export function isEmailTemplateType(value: unknown): value is EmailTemplateType {
  return isOneOf(EMAIL_TEMPLATE_TYPES, value);
}
