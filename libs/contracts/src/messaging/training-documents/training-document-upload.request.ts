/**
 * messaging.training-documents.upload: the upload's bytes wait in Redis under `uploadKey` (see server-kit's
 * UploadStore), the gateway having checked the declared type, the size and the bytes' signature.
 */
export interface TrainingDocumentUploadRequest {
  uploadKey: string;
  fileName: string;
  mediaType: string;
  /** In bytes, as received. */
  fileSize: number;
}
