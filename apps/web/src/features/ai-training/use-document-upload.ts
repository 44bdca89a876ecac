import { checkTrainingDocument } from '@parley/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../app/api-error';
import { useFailureText } from '../../app/server-text';
import { useToast } from '../../app/toast';
import { useUploadTrainingDocumentMutation } from './api';

export interface DocumentUpload {
  /** The name of the file being sent; null when idle. */
  uploading: string | null;
  upload: (file: File) => Promise<void>;
}

/**
 * Upload Document (spec 001 §5, §8): the file is checked here first (type, 10 MB), then sent. The server
 * answers at once with the document `processing`; its status then changes over /ws.
 */
export function useDocumentUpload(): DocumentUpload {
  const { t } = useTranslation();
  const toast = useToast();
  const failureText = useFailureText();
  const [uploadDocument] = useUploadTrainingDocumentMutation();
  const [uploading, setUploading] = useState<string | null>(null);

  const upload = async (file: File) => {
    const check = checkTrainingDocument(file);
    if (!check.ok) {
      const invalid = check.error === 'invalid_type';
      toast.error({
        title: t(invalid ? 'aiTraining.upload.invalidTypeTitle' : 'aiTraining.upload.tooLargeTitle'),
        description: t(invalid ? 'aiTraining.upload.invalidType' : 'aiTraining.upload.tooLarge'),
      });
      return;
    }
    setUploading(file.name);
    try {
      await uploadDocument(file).unwrap();
      toast.success({ description: t('aiTraining.upload.uploaded') });
    } catch (error) {
      const failed = t('aiTraining.upload.failed');
      toast.error({
        title: t('aiTraining.upload.failedTitle'),
        description: failureText(error as ApiError, { failed, network: failed }),
      });
    } finally {
      setUploading(null);
    }
  };

  return { uploading, upload };
}
