import type { TrainingDocumentStatus } from './training-document-statuses';

/** GET /api/ai/training-documents items. `fileSize` in bytes; `processingError` set when `failed`. */
export interface TrainingDocumentResponse {
  id: string;
  originalName: string;
  fileType: string;
  fileSize: number;
  status: TrainingDocumentStatus;
  processingError: string | null;
  createdAt: string;
  updatedAt: string;
}
