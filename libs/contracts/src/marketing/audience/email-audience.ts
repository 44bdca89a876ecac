import { Transform, type TransformFnParams } from 'class-transformer';
import { FIELD_LIMITS } from '../../validation/field-limits';
import { OptionalTextList } from '../../validation/list-fields';

/** `?tags=vip,spring` (or the parameter repeated) as a list of trimmed, non-blank tags. */
function tagsOfQuery({ value }: TransformFnParams): unknown {
  const items: unknown[] =
    typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : [value];
  return value === undefined
    ? undefined
    : items.map((item) => (typeof item === 'string' ? item.trim() : item)).filter((item) => item !== '');
}

/** A campaign's audience: its subscribers still subscribed, all of them or those with any of `tags`. */
export function AudienceTags(): PropertyDecorator {
  return OptionalTextList('Audience tags', { maxItems: FIELD_LIMITS.tagCount, maxLength: FIELD_LIMITS.tag });
}

/** GET /api/email/audience?tags=a,b: how many subscribers a campaign with these audience tags would reach. */
export class EmailAudienceQueryDto {
  @Transform(tagsOfQuery)
  @AudienceTags()
  tags?: string[];
}

export interface EmailAudienceResponse {
  /** Subscribers still subscribed who carry any of the tags (all of them, without tags). */
  recipients: number;
  /** Every tag the owner's subscribed subscribers carry, alphabetically (for picking an audience). */
  tags: string[];
}
