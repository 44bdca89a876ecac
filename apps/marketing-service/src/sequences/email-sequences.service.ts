import { Injectable } from '@nestjs/common';
import {
  type CustomerStage,
  DomainException,
  type EmailSequenceDto,
  type EmailSequenceResponse,
  type EmailSequenceStepDto,
  type EmailSequenceTrigger,
  ErrorCode,
  type ListEmailQueryDto,
  type UpdateEmailSequenceDto,
} from '@parley/contracts';
import { Clock, decodeCursor, type Page, requireUuid } from '@parley/server-kit';
import { EmailTemplatesService } from '../templates/email-templates.service';
import { type EmailSequenceRow, toEmailSequenceResponse } from './email-sequence.mapper';
import { EmailSequencesQueries, type StepColumns, type TriggerTarget } from './email-sequences.queries';

const NOT_FOUND = 'Sequence not found';

/**
 * An owner's email sequences (docs/email.md, "Sequences"): a trigger and steps, each a template sent a delay
 * after the step before. Every step's template must be one of the owner's (NOT_FOUND otherwise). `trigger`
 * starts the active sequences of a trigger for the subscribers it is about.
 */
@Injectable()
export class EmailSequencesService {
  constructor(
    private readonly queries: EmailSequencesQueries,
    private readonly templates: EmailTemplatesService,
    private readonly clock: Clock,
  ) {}

  list(ownerId: string, query: ListEmailQueryDto): Promise<Page<EmailSequenceResponse>> {
    return this.queries.page(ownerId, query.limit, decodeCursor(query.cursor));
  }

  async create(ownerId: string, dto: EmailSequenceDto): Promise<EmailSequenceResponse> {
    const steps = await this.stepsOf(ownerId, dto.steps);
    const id = await this.queries.insert(
      ownerId,
      {
        name: dto.name,
        trigger_type: dto.triggerType,
        trigger_stage: dto.triggerType === 'stage_reached' ? (dto.triggerStage ?? null) : null,
        is_active: dto.isActive ?? false,
      },
      steps,
    );
    return toEmailSequenceResponse(await this.find(ownerId, id));
  }

  /** Only the fields sent change; `steps` replaces the list. A stage_reached sequence keeps a stage. */
  async update(ownerId: string, id: unknown, dto: UpdateEmailSequenceDto): Promise<EmailSequenceResponse> {
    const sequence = await this.find(ownerId, id);
    const trigger = dto.triggerType ?? sequence.trigger_type;
    const stage = trigger === 'stage_reached' ? (dto.triggerStage ?? sequence.trigger_stage) : null;
    if (trigger === 'stage_reached' && stage === null) {
      throw new DomainException(ErrorCode.ValidationFailed, 'Choose the stage that starts the sequence', {
        field: 'triggerStage',
      });
    }
    const steps = dto.steps ? await this.stepsOf(ownerId, dto.steps) : undefined;
    const changed = await this.queries.update(
      ownerId,
      sequence.id,
      { name: dto.name, trigger_type: dto.triggerType, trigger_stage: stage, is_active: dto.isActive },
      steps,
    );
    if (!changed) throw new DomainException(ErrorCode.NotFound, NOT_FOUND);
    return toEmailSequenceResponse(await this.find(ownerId, sequence.id));
  }

  async delete(ownerId: string, id: unknown): Promise<{ id: string }> {
    const uuid = requireUuid(String(id ?? ''), 'Sequence');
    if (!(await this.queries.delete(ownerId, uuid))) throw new DomainException(ErrorCode.NotFound, NOT_FOUND);
    return { id: uuid };
  }

  /**
   * Starts the owner's active sequences of `trigger` for `target` (each subscriber once per sequence). An
   * owner with none asks one indexed question (an import of 50 000 addresses then passes no list around).
   */
  async trigger(
    ownerId: string,
    trigger: EmailSequenceTrigger,
    target: TriggerTarget,
    stage: CustomerStage | null = null,
  ): Promise<number> {
    if (!(await this.queries.anyActive(ownerId, trigger))) return 0;
    return this.queries.enrol(ownerId, trigger, target, this.clock.now(), stage);
  }

  private async find(ownerId: string, id: unknown): Promise<EmailSequenceRow> {
    const found = await this.queries.find(ownerId, requireUuid(String(id ?? ''), 'Sequence'));
    if (!found) throw new DomainException(ErrorCode.NotFound, NOT_FOUND);
    return found;
  }

  /** The steps as stored, each template checked to be the owner's. */
  private async stepsOf(ownerId: string, steps: readonly EmailSequenceStepDto[]): Promise<StepColumns[]> {
    const columns: StepColumns[] = [];
    for (const step of steps) {
      const template = await this.templates.find(ownerId, step.templateId);
      columns.push({
        delay_days: step.delayDays ?? 0,
        delay_hours: step.delayHours ?? 0,
        template_id: template.id,
      });
    }
    return columns;
  }
}
