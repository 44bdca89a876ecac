import type { EmailTemplateType } from './email-template-types';

export interface EmailTemplateResponse {
  id: string;
  name: string;
  subject: string;
  htmlContent: string;
  textContent: string | null;
  templateType: EmailTemplateType;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}
