import {
  checkSubscriberCsv,
  SUBSCRIBER_CSV_RULE,
  SUBSCRIBER_IMPORT_LIMITS,
  type SubscriberImportResponse,
} from '@parley/contracts';
import { Alert, Flex, Modal, Progress, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../app/api-error';
import { useFailureText, useServerText } from '../../../app/server-text';
import { useToast } from '../../../app/toast';
import { FilePickerButton } from '../../../shared/components/FilePickerButton';
import { useLanguage } from '../../language';
import { useImportEmailSubscribersMutation } from '../api';

/** The first row errors shown; the owner fixes those and imports the file again. */
const SHOWN_ROW_ERRORS = 10;

/**
 * Import subscribers from a CSV (header row: email, first name, last name, tags; comma or semicolon;
 * UTF-8): checked here for its type and size first, then sent; the dialog then says what was added, merged
 * and refused, with the refused rows' numbers and reasons.
 */
export function ImportSubscribersDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const toast = useToast();
  const failureText = useFailureText();
  const serverText = useServerText();
  const [importSubscribers, importing] = useImportEmailSubscribersMutation();
  const [result, setResult] = useState<SubscriberImportResponse | null>(null);
  const count = new Intl.NumberFormat(language);

  const upload = async (file: File) => {
    const check = checkSubscriberCsv(file);
    if (!check.ok) {
      const invalid = check.error === 'invalid_type';
      toast.error({
        title: t(invalid ? 'emailMarketing.import.invalidTypeTitle' : 'emailMarketing.import.tooLargeTitle'),
        description: t(invalid ? 'emailMarketing.import.invalidType' : 'emailMarketing.import.tooLarge'),
      });
      return;
    }
    setResult(null);
    try {
      const answer = await importSubscribers(file).unwrap();
      setResult(answer);
      toast.success({
        title: t('emailMarketing.import.successTitle'),
        description: t('emailMarketing.import.imported', { count: answer.created + answer.updated }),
      });
    } catch (error) {
      const failed = t('emailMarketing.import.failed');
      toast.error({
        title: t('emailMarketing.import.failedTitle'),
        description: failureText(error as ApiError, { failed, network: failed }),
      });
    }
  };

  const close = () => {
    setResult(null);
    onClose();
  };

  const more = (result?.skipped ?? 0) - Math.min(result?.errors.length ?? 0, SHOWN_ROW_ERRORS);
  return (
    <Modal open={open} onCancel={close} title={t('emailMarketing.import.title')} footer={null}>
      <Flex vertical gap="middle" data-testid="subscriber-import">
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('emailMarketing.import.hint', { rows: count.format(SUBSCRIBER_IMPORT_LIMITS.maxRows) })}
        </Typography.Paragraph>
        <Typography.Text code dir="ltr" style={{ alignSelf: 'start' }}>
          email,first name,last name,tags
        </Typography.Text>
        <FilePickerButton
          rule={SUBSCRIBER_CSV_RULE}
          label={t('emailMarketing.import.choose')}
          testId="subscriber-import-file"
          type="primary"
          uploading={importing.isLoading}
          onFile={(file) => void upload(file)}
        />
        {importing.isLoading && (
          <Progress
            percent={100}
            status="active"
            showInfo={false}
            aria-label={t('emailMarketing.import.importing')}
          />
        )}
        {result && (
          <Alert
            type={result.errors.length > 0 ? 'warning' : 'success'}
            showIcon
            data-testid="subscriber-import-result"
            title={t('emailMarketing.import.summary', {
              created: count.format(result.created),
              updated: count.format(result.updated),
              merged: count.format(result.merged),
              skipped: count.format(result.skipped),
            })}
            description={
              result.errors.length > 0 && (
                <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                  {result.errors.slice(0, SHOWN_ROW_ERRORS).map((error) => (
                    <li key={`${error.row}:${error.message}`} data-testid="subscriber-import-row-error">
                      {t('emailMarketing.import.rowError', {
                        row: error.row,
                        message: serverText(error.message),
                      })}
                    </li>
                  ))}
                  {more > 0 && <li>{t('emailMarketing.import.moreRowErrors', { count: more })}</li>}
                </ul>
              )
            }
          />
        )}
      </Flex>
    </Modal>
  );
}
