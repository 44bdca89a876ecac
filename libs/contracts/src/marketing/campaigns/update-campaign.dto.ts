import { AudienceTags } from '../audience/email-audience';
import { OptionalSchedule } from './campaign.dto';
import { FIELD_LIMITS } from '../../validation/field-limits';
import { IfPresent } from '../../validation/if-present';
import { OptionalText, RequiredText } from '../../validation/text-fields';

/**
 * PATCH /api/email/campaigns/{id}: the create body, but only the fields sent change (null clears an
 * optional one). A campaign that has started sending can no longer change (CONFLICT).
 */
export class UpdateCampaignDto {
  @IfPresent()
  @RequiredText('Campaign name', { max: FIELD_LIMITS.name })
  name?: string;

  @IfPresent()
  @RequiredText('Subject', { max: FIELD_LIMITS.emailSubject })
  subject?: string;

  @IfPresent()
  @RequiredText('Email content', { max: FIELD_LIMITS.emailHtml })
  htmlContent?: string;

  @OptionalText('Text content', { max: FIELD_LIMITS.emailText })
  textContent?: string | null;

  @OptionalText('Template ID', { max: FIELD_LIMITS.id })
  templateId?: string | null;

  @OptionalSchedule()
  scheduledAt?: string | null;

  @AudienceTags()
  audienceTags?: string[];
}
