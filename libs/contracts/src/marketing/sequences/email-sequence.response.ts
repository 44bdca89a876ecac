import type { CustomerStage } from '../../messaging/customers/customer-stages';
import type { EmailSequenceTrigger } from './sequence-triggers';

export interface EmailSequenceStepResponse {
  id: string;
  stepOrder: number;
  delayDays: number;
  delayHours: number;
  /** Null once its template was deleted: the step is then passed over. */
  templateId: string | null;
  isActive: boolean;
}

export interface EmailSequenceResponse {
  id: string;
  name: string;
  triggerType: EmailSequenceTrigger;
  triggerStage: CustomerStage | null;
  isActive: boolean;
  steps: EmailSequenceStepResponse[];
  /** Subscribers on their way through it now. */
  activeSubscribers: number;
  /** Subscribers who got every step. */
  completedSubscribers: number;
  createdAt: string;
  updatedAt: string;
}
