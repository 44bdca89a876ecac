import type { TrainingDocumentResponse, TrainingDocumentStatus } from '@parley/contracts';
import { isoTime } from '@parley/server-kit';

/** A training document as the queries read it (DOCUMENT_COLUMNS); its bytes are never read with it. */
export interface TrainingDocumentRow {
  id: string;
  original_name: string;
  file_type: string;
  file_size: number;
  status: TrainingDocumentStatus;
  processing_error: string | null;
  /** A timestamptz comes as text (see isoTime). */
  created_at: string;
  updated_at: string;
}

export const DOCUMENT_COLUMNS =
  'id, original_name, file_type, file_size, status, processing_error, created_at, updated_at';

export function toTrainingDocumentResponse(row: TrainingDocumentRow): TrainingDocumentResponse {
  return {
    id: row.id,
    originalName: row.original_name,
    fileType: row.file_type,
    fileSize: row.file_size,
    status: row.status,
    processingError: row.processing_error,
    createdAt: isoTime(row.created_at),
    updatedAt: isoTime(row.updated_at),
  };
}
