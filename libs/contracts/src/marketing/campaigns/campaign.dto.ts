import { Transform } from 'class-transformer';
import { IsISO8601, IsOptional } from 'class-validator';
import { compose } from '../../validation/compose';
import { FIELD_LIMITS } from '../../validation/field-limits';
import { OptionalText, RequiredText } from '../../validation/text-fields';
import { blankToNull } from '../../validation/transforms';
import { AudienceTags } from '../audience/email-audience';

/** When a campaign is to be sent: an ISO 8601 date and time, or null/blank for none. */
export function OptionalSchedule(): PropertyDecorator {
  return compose(
    Transform(blankToNull),
    IsOptional(),
    IsISO8601({ strict: true }, { message: 'Scheduled time must be an ISO 8601 date and time' }),
  );
}

/** POST /api/email/campaigns. A campaign with `scheduledAt` is scheduled, otherwise a draft. */
export class CampaignDto {
  @RequiredText('Campaign name', { max: FIELD_LIMITS.name })
  name!: string;

  @RequiredText('Subject', { max: FIELD_LIMITS.emailSubject })
  subject!: string;

  @RequiredText('Email content', { max: FIELD_LIMITS.emailHtml })
  htmlContent!: string;

  @OptionalText('Text content', { max: FIELD_LIMITS.emailText })
  textContent?: string | null;

  @OptionalText('Template ID', { max: FIELD_LIMITS.id })
  templateId?: string | null;

  @OptionalSchedule()
  scheduledAt?: string | null;

  /** Only subscribers with any of these tags get it; none (the default) means every subscriber. */
  @AudienceTags()
  audienceTags?: string[];
}
