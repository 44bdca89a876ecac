import type { CustomerStage, EmailSequenceResponse, EmailSequenceTrigger } from '@parley/contracts';
import { isoTime } from '@parley/server-kit';
import type { OwnedTable } from '../shared/owned-rows';

export interface EmailSequenceStepRow {
  id: string;
  step_order: number;
  delay_days: number;
  delay_hours: number;
  template_id: string | null;
  is_active: boolean;
}

export interface EmailSequenceRow {
  id: string;
  name: string;
  trigger_type: EmailSequenceTrigger;
  trigger_stage: CustomerStage | null;
  is_active: boolean;
  steps: EmailSequenceStepRow[];
  active_subscribers: number;
  completed_subscribers: number;
  created_at: string;
  updated_at: string;
}

export function toEmailSequenceResponse(row: EmailSequenceRow): EmailSequenceResponse {
  return {
    id: row.id,
    name: row.name,
    triggerType: row.trigger_type,
    triggerStage: row.trigger_stage,
    isActive: row.is_active,
    steps: row.steps.map((step) => ({
      id: step.id,
      stepOrder: step.step_order,
      delayDays: step.delay_days,
      delayHours: step.delay_hours,
      templateId: step.template_id,
      isActive: step.is_active,
    })),
    activeSubscribers: row.active_subscribers,
    completedSubscribers: row.completed_subscribers,
    createdAt: isoTime(row.created_at),
    updatedAt: isoTime(row.updated_at),
  };
}

/** How many of a sequence's enrolments are in `status`. */
const enrolled = (status: string) =>
  `(select count(*)::int from email_sequence_enrolments e
     where e.sequence_id = email_sequences.id and e.status = '${status}')`;

export const EMAIL_SEQUENCES: OwnedTable<EmailSequenceRow, EmailSequenceResponse> = {
  table: 'email_sequences',
  columns: `id, name, trigger_type, trigger_stage, is_active, created_at, updated_at,
            coalesce((select json_agg(json_build_object(
                        'id', st.id, 'step_order', st.step_order, 'delay_days', st.delay_days,
                        'delay_hours', st.delay_hours, 'template_id', st.template_id, 'is_active', st.is_active)
                        order by st.step_order)
                        from email_sequence_steps st where st.sequence_id = email_sequences.id), '[]') as steps,
            ${enrolled('active')} as active_subscribers,
            ${enrolled('completed')} as completed_subscribers`,
  map: toEmailSequenceResponse,
};
