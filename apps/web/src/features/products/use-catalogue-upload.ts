import { checkCatalogueFile, type ProductImportRowError } from '@parley/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../app/api-error';
import { useFailureText } from '../../app/server-text';
import { useToast } from '../../app/toast';
import { useUploadCatalogueMutation } from './api';
import { useUploadProgress } from './use-upload-progress';

export interface CatalogueUpload {
  /** The progress bar's percent while an upload runs; null when idle. */
  percent: number | null;
  /** The rows the last upload refused, until the owner dismisses them or uploads again. */
  rowErrors: ProductImportRowError[];
  dismissRowErrors: () => void;
  upload: (file: File) => Promise<void>;
}

/**
 * Upload Catalog (spec 001 §4, §5, §8): the file is checked here first (type, 10 MB), then sent; the toast
 * says how many products were imported, or why the upload failed.
 */
export function useCatalogueUpload(): CatalogueUpload {
  const { t } = useTranslation();
  const toast = useToast();
  const failureText = useFailureText();
  const [uploadCatalogue] = useUploadCatalogueMutation();
  const progress = useUploadProgress();
  const [rowErrors, setRowErrors] = useState<ProductImportRowError[]>([]);

  const upload = async (file: File) => {
    const check = checkCatalogueFile(file);
    if (!check.ok) {
      const invalid = check.error === 'invalid_type';
      toast.error({
        title: t(invalid ? 'products.upload.invalidTypeTitle' : 'products.upload.tooLargeTitle'),
        description: t(invalid ? 'products.upload.invalidType' : 'products.upload.tooLarge'),
      });
      return;
    }
    setRowErrors([]);
    progress.start();
    try {
      const result = await uploadCatalogue(file).unwrap();
      toast.success({
        title: t('products.upload.successTitle'),
        description: t('products.upload.imported', { count: result.created + result.updated }),
      });
      setRowErrors(result.errors);
    } catch (error) {
      const failed = t('products.upload.failed');
      toast.error({
        title: t('products.upload.failedTitle'),
        description: failureText(error as ApiError, { failed, network: failed }),
      });
    } finally {
      progress.finish();
    }
  };

  return { percent: progress.percent, rowErrors, dismissRowErrors: () => setRowErrors([]), upload };
}
