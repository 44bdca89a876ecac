import { DeleteOutlined, FileTextOutlined } from '@ant-design/icons';
import type { TrainingDocumentResponse, TrainingDocumentStatus } from '@parley/contracts';
import { Button, Card, Flex, Progress, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useServerText } from '../../../app/server-text';
import { OWNER_TEXT } from '../../../shared/format/owner-text';
import { useLanguage } from '../../language';
import { TestChangeButton } from '../../replays';
import { documentKind, formatFileSize } from '../training-format';

/** Spec 001 §4: processing yellow, completed green, failed red. */
const STATUS_COLORS: Record<TrainingDocumentStatus, string> = {
  processing: 'gold',
  completed: 'success',
  failed: 'error',
};

/** Spec 001 §4: a processing document shows a fixed bar (it says the text is being read, not how far). */
export const FIXED_PROCESSING_PERCENT = 50;

interface DocumentsListProps {
  documents: TrainingDocumentResponse[];
  /** Without it (a role that only reads the training) the documents have no delete button. */
  onDelete?: (document: TrainingDocumentResponse) => void;
}

/**
 * The uploaded documents, newest first: name, type, size, date and status, and delete. Cards rather than a
 * table, so that the status stays in sight on a phone.
 */
export function DocumentsList({ documents, onDelete }: DocumentsListProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const serverText = useServerText();
  const dateFormat = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <Flex vertical gap="small" role="list" aria-label={t('aiTraining.documents.listLabel')}>
      {documents.map((document) => (
        <Card
          key={document.id}
          size="small"
          role="listitem"
          data-testid="document-row"
          data-document-id={document.id}
          data-status={document.status}
        >
          <Flex gap="middle" align="start">
            <FileTextOutlined aria-hidden style={{ fontSize: 20, marginTop: 2 }} />
            <Flex vertical gap={4} style={{ flex: 1, minWidth: 0 }}>
              <Flex gap="small" align="center" wrap>
                <Typography.Text
                  strong
                  data-testid="document-name"
                  style={{ ...OWNER_TEXT, wordBreak: 'break-word' }}
                >
                  {document.originalName}
                </Typography.Text>
                <Tag color={STATUS_COLORS[document.status]} data-testid="document-status">
                  {t(`aiTraining.documents.statuses.${document.status}`)}
                </Tag>
              </Flex>
              <Flex gap="small" align="center" wrap>
                <Tag data-testid="document-type">
                  {t(`aiTraining.documents.kinds.${documentKind(document.fileType, document.originalName)}`)}
                </Tag>
                <Typography.Text type="secondary" data-testid="document-size">
                  {formatFileSize(document.fileSize, language)}
                </Typography.Text>
                <Typography.Text type="secondary" aria-hidden>
                  ·
                </Typography.Text>
                <Typography.Text type="secondary" data-testid="document-date">
                  {dateFormat.format(new Date(document.createdAt))}
                </Typography.Text>
              </Flex>
              {document.status === 'processing' && (
                <Progress
                  size="small"
                  status="active"
                  showInfo={false}
                  strokeColor="#faad14"
                  percent={FIXED_PROCESSING_PERCENT}
                  aria-label={t('aiTraining.documents.processingLabel', { name: document.originalName })}
                  style={{ maxWidth: 320, marginBottom: 0 }}
                />
              )}
              {document.status === 'completed' && (
                <TestChangeButton
                  size="small"
                  type="link"
                  style={{ alignSelf: 'start', paddingInline: 0 }}
                  draft={() => Promise.resolve({ kind: 'document_remove', documentId: document.id })}
                  data-testid="document-test-removal"
                >
                  {t('replay.testRemoval')}
                </TestChangeButton>
              )}
              {document.status === 'failed' && document.processingError && (
                // The server's sentence may be English inside the Arabic page: it keeps its own direction.
                <Typography.Text type="danger" data-testid="document-error" style={OWNER_TEXT}>
                  {serverText(document.processingError)}
                </Typography.Text>
              )}
            </Flex>
            {onDelete && (
              <Button
                size="small"
                danger
                icon={<DeleteOutlined aria-hidden />}
                aria-label={t('aiTraining.documents.deleteLabel', { name: document.originalName })}
                data-testid="document-delete"
                onClick={() => onDelete(document)}
              />
            )}
          </Flex>
        </Card>
      ))}
    </Flex>
  );
}
