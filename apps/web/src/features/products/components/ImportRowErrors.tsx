import type { ProductImportRowError } from '@parley/contracts';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useServerText } from '../../../app/server-text';

/** The upload answers at most 100 row errors; the owner reads the first few and fixes the file. */
const SHOWN_ROW_ERRORS = 5;

/** The rows of the last upload that were not imported, and why ("Row 7: Price cannot be negative"). */
export function ImportRowErrors({
  errors,
  onClose,
}: {
  errors: ProductImportRowError[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const serverText = useServerText();
  if (errors.length === 0) return null;
  const more = errors.length - SHOWN_ROW_ERRORS;
  return (
    <Alert
      type="warning"
      showIcon
      closable={{ onClose }}
      data-testid="products-row-errors"
      title={t('products.upload.rowErrorsTitle')}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 20 }}>
          {errors.slice(0, SHOWN_ROW_ERRORS).map((error) => (
            <li key={`${error.row}:${error.message}`} data-testid="products-row-error">
              {t('products.upload.rowError', { row: error.row, message: serverText(error.message) })}
            </li>
          ))}
          {more > 0 && <li>{t('products.upload.moreRowErrors', { count: more })}</li>}
        </ul>
      }
      style={{ marginBottom: 16 }}
    />
  );
}
