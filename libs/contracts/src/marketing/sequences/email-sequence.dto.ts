import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsDefined,
  IsInt,
  IsOptional,
  Max,
  Min,
  ValidateIf,
} from 'class-validator';
import { CUSTOMER_STAGES, type CustomerStage } from '../../messaging/customers/customer-stages';
import { compose } from '../../validation/compose';
import { OptionalBoolean, RequiredChoice } from '../../validation/choice-fields';
import { FIELD_LIMITS } from '../../validation/field-limits';
import { IfPresent } from '../../validation/if-present';
import { NestedList } from '../../validation/nested-list';
import { RequiredText } from '../../validation/text-fields';
import {
  EMAIL_SEQUENCE_LIMITS,
  EMAIL_SEQUENCE_TRIGGERS,
  type EmailSequenceTrigger,
} from './sequence-triggers';

function Delay(label: string, max: number): PropertyDecorator {
  const message = { message: `${label} must be a whole number from 0 to ${max}` };
  return compose(IsOptional(), IsInt(message), Min(0, message), Max(max, message));
}

/** One step: its template, sent this long after the step before (after joining, for the first). */
export class EmailSequenceStepDto {
  @Delay('Delay days', EMAIL_SEQUENCE_LIMITS.maxDelayDays)
  delayDays?: number;

  @Delay('Delay hours', EMAIL_SEQUENCE_LIMITS.maxDelayHours)
  delayHours?: number;

  @RequiredText('Template', { max: FIELD_LIMITS.id, requiredMessage: 'Each step needs a template' })
  templateId!: string;
}

/** The steps, in order: one to EMAIL_SEQUENCE_LIMITS.maxSteps. */
function Steps(): PropertyDecorator {
  const { maxSteps } = EMAIL_SEQUENCE_LIMITS;
  return compose(
    IsDefined({ message: 'A sequence needs at least one step' }),
    IsArray({ message: 'Steps must be a list' }),
    ArrayMinSize(1, { message: 'A sequence needs at least one step' }),
    ArrayMaxSize(maxSteps, { message: `A sequence can have at most ${maxSteps} steps` }),
    NestedList(EmailSequenceStepDto),
  );
}

const needsStage = (dto: { triggerType?: EmailSequenceTrigger }) => dto.triggerType === 'stage_reached';

/** POST /api/email/sequences. It starts switched off unless `isActive` says otherwise. */
export class EmailSequenceDto {
  @RequiredText('Sequence name', { max: FIELD_LIMITS.name })
  name!: string;

  @RequiredChoice('Trigger', EMAIL_SEQUENCE_TRIGGERS)
  triggerType!: EmailSequenceTrigger;

  /** The pipeline stage of a `stage_reached` sequence (ignored by the others). */
  @ValidateIf(needsStage)
  @RequiredChoice('Stage', CUSTOMER_STAGES, 'Choose the stage that starts the sequence')
  triggerStage?: CustomerStage | null;

  @OptionalBoolean('Active')
  isActive?: boolean;

  @Steps()
  steps!: EmailSequenceStepDto[];
}

/**
 * PATCH /api/email/sequences/{id}: only the fields sent change; `steps`, when sent, are the whole new list
 * (subscribers on their way go on at the step number they reached). Switching `isActive` off stops every
 * subscriber's way through it.
 */
export class UpdateEmailSequenceDto {
  @IfPresent()
  @RequiredText('Sequence name', { max: FIELD_LIMITS.name })
  name?: string;

  @IfPresent()
  @RequiredChoice('Trigger', EMAIL_SEQUENCE_TRIGGERS)
  triggerType?: EmailSequenceTrigger;

  @ValidateIf((dto: UpdateEmailSequenceDto) => needsStage(dto) || dto.triggerStage !== undefined)
  @RequiredChoice('Stage', CUSTOMER_STAGES, 'Choose the stage that starts the sequence')
  triggerStage?: CustomerStage | null;

  @OptionalBoolean('Active')
  isActive?: boolean;

  @IfPresent()
  @Steps()
  steps?: EmailSequenceStepDto[];
}
