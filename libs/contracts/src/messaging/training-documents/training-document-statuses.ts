import { isOneOf } from '../../enums/one-of';

/** An uploaded training document is `processing` until its text is extracted, then `completed` or `failed`. */
export const TRAINING_DOCUMENT_STATUSES = ['processing', 'completed', 'failed'] as const;

export type TrainingDocumentStatus = (typeof TRAINING_DOCUMENT_STATUSES)[number];

export const DEFAULT_TRAINING_DOCUMENT_STATUS: TrainingDocumentStatus = 'processing';

export function isTrainingDocumentStatus(value: unknown): value is TrainingDocumentStatus {
  return isOneOf(TRAINING_DOCUMENT_STATUSES, value);
}
