import { TRAINING_DOCUMENT_RULE, type TrainingDocumentResponse } from '@parley/contracts';
import { App, Card, Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../app/api-error';
import { useFailureText } from '../../../app/server-text';
import { useToast } from '../../../app/toast';
import { EmptyState } from '../../../shared/components/EmptyState';
import { FilePickerButton } from '../../../shared/components/FilePickerButton';
import { SkeletonRows } from '../../../shared/components/SkeletonRows';
import { useDeleteTrainingDocumentMutation, useListTrainingDocumentsQuery } from '../api';
import { useDocumentUpload } from '../use-document-upload';
import { DocumentsList } from './DocumentsList';
import { useCan } from '../../team';

/**
 * The Documents tab (spec 001 §2, §4): upload, the list with each document's status, delete. When a document
 * is read or fails, /ws says so (`training_document_status`, no popup) and the realtime feature refetches
 * the list and the knowledge.
 */
export function DocumentsTab() {
  const { t } = useTranslation();
  // Agents read the training; owners and admins change it (docs/teams.md).
  const editable = useCan()('editTraining');
  const { modal } = App.useApp();
  const toast = useToast();
  const failureText = useFailureText();
  const documents = useListTrainingDocumentsQuery();
  const [deleteDocument] = useDeleteTrainingDocumentMutation();
  const { uploading, upload } = useDocumentUpload();

  const confirmDelete = (document: TrainingDocumentResponse) =>
    modal.confirm({
      title: t('aiTraining.documents.delete.title'),
      content: t('aiTraining.documents.delete.confirm', { name: document.originalName }),
      okText: t('aiTraining.documents.delete.submit'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await deleteDocument(document.id).unwrap();
          toast.success({ description: t('aiTraining.documents.delete.deleted') });
        } catch (error) {
          const failed = t('aiTraining.documents.delete.failed');
          toast.error({
            title: t('aiTraining.documents.delete.failedTitle'),
            description: failureText(error as ApiError, { failed, network: failed }),
          });
        }
      },
    });

  const list = () => {
    if (documents.isLoading) return <SkeletonRows count={3} testId="document-skeleton" />;
    if (documents.isError)
      return (
        <EmptyState
          testId="documents-error"
          title={t('aiTraining.documents.loadFailed')}
          hint={t('common.tryAgainLater')}
        />
      );
    if (!documents.data?.length)
      return (
        <EmptyState
          testId="documents-empty"
          title={t('aiTraining.documents.empty.title')}
          hint={t('aiTraining.documents.empty.hint')}
        />
      );
    return <DocumentsList documents={documents.data} onDelete={editable ? confirmDelete : undefined} />;
  };

  return (
    <Flex vertical gap="middle">
      {editable && (
        <Card size="small">
          <Flex justify="space-between" align="center" gap="middle" wrap>
            <Flex vertical gap={2} style={{ flex: '1 1 260px' }}>
              <Typography.Text strong>{t('aiTraining.upload.title')}</Typography.Text>
              <Typography.Text type="secondary">{t('aiTraining.upload.hint')}</Typography.Text>
            </Flex>
            <FilePickerButton
              rule={TRAINING_DOCUMENT_RULE}
              label={t('aiTraining.upload.open')}
              testId="training-upload"
              type="primary"
              uploading={uploading !== null}
              onFile={(file) => void upload(file)}
            />
          </Flex>
          {uploading !== null && (
            <Flex gap="small" align="center" data-testid="training-upload-progress" style={{ marginTop: 12 }}>
              <Spin size="small" />
              <Typography.Text>{t('aiTraining.upload.uploading', { name: uploading })}</Typography.Text>
            </Flex>
          )}
        </Card>
      )}
      {list()}
    </Flex>
  );
}
