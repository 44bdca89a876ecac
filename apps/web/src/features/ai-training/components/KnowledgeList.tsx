import { DeleteOutlined, EditOutlined, FileTextOutlined } from '@ant-design/icons';
import type { KnowledgeItemResponse } from '@parley/contracts';
import { Button, Card, Flex, Switch, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { OWNER_TEXT } from '../../../shared/format/owner-text';
import { type PriorityBadge, priorityBadge } from '../training-format';

/** Spec 001 §9: the destructive badge is red, the default one the primary blue, the rest grey. */
const BADGE_COLORS: Record<PriorityBadge, string | undefined> = {
  secondary: undefined,
  default: 'processing',
  destructive: 'error',
};

interface KnowledgeListProps {
  items: KnowledgeItemResponse[];
  /** The original name of each document, by id: a passage says which document it came from. */
  documentNames: ReadonlyMap<string, string>;
  /** Without them (a role that only reads the knowledge) the items show their state and no controls. */
  editing?: {
    onEdit: (item: KnowledgeItemResponse) => void;
    onDelete: (item: KnowledgeItemResponse) => void;
    onToggle: (item: KnowledgeItemResponse, isActive: boolean) => void;
  };
}

/** The knowledge items: category, priority badge, title, content, tags, source; switch, edit, delete. */
export function KnowledgeList({ items, documentNames, editing }: KnowledgeListProps) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap="small" role="list" aria-label={t('aiTraining.knowledge.listLabel')}>
      {items.map((item) => {
        const documentName = item.sourceDocumentId ? documentNames.get(item.sourceDocumentId) : undefined;
        return (
          <Card
            key={item.id}
            size="small"
            role="listitem"
            data-testid="knowledge-item"
            data-item-id={item.id}
            data-active={item.isActive}
            style={item.isActive ? undefined : { opacity: 0.65 }}
          >
            <Flex gap="middle" align="start" wrap>
              <Flex vertical gap={6} style={{ flex: '1 1 260px', minWidth: 0 }}>
                <Flex gap="small" align="center" wrap>
                  <Typography.Text strong data-testid="knowledge-item-title" style={OWNER_TEXT}>
                    {item.title}
                  </Typography.Text>
                  <Tag data-testid="knowledge-item-category">
                    {t(`aiTraining.knowledge.categories.${item.category}`)}
                  </Tag>
                  <Tag
                    color={BADGE_COLORS[priorityBadge(item.priority)]}
                    data-testid="knowledge-item-priority"
                    data-badge={priorityBadge(item.priority)}
                  >
                    {t(`aiTraining.knowledge.priorities.${item.priority}`)}
                  </Tag>
                </Flex>
                <Typography.Paragraph
                  data-testid="knowledge-item-content"
                  ellipsis={{ rows: 3, expandable: 'collapsible' }}
                  style={{ ...OWNER_TEXT, marginBottom: 0, whiteSpace: 'pre-wrap' }}
                >
                  {item.content}
                </Typography.Paragraph>
                {item.tags.length > 0 && (
                  <Flex gap={4} wrap data-testid="knowledge-item-tags">
                    {item.tags.map((tag) => (
                      <Tag key={tag} variant="filled" data-testid="knowledge-item-tag" style={OWNER_TEXT}>
                        {tag}
                      </Tag>
                    ))}
                  </Flex>
                )}
                {item.sourceDocumentId !== null && (
                  <Typography.Text type="secondary" data-testid="knowledge-item-source">
                    <FileTextOutlined aria-hidden />{' '}
                    {documentName === undefined
                      ? t('aiTraining.knowledge.fromSomeDocument')
                      : t('aiTraining.knowledge.fromDocument', { name: documentName })}
                  </Typography.Text>
                )}
              </Flex>
              <Flex gap="small" align="center">
                <Typography.Text type="secondary" data-testid="knowledge-item-state">
                  {t(item.isActive ? 'aiTraining.knowledge.active' : 'aiTraining.knowledge.inactive')}
                </Typography.Text>
                {editing && (
                  <>
                    <Switch
                      size="small"
                      checked={item.isActive}
                      aria-label={t('aiTraining.knowledge.activeLabel', { title: item.title })}
                      data-testid="knowledge-item-active"
                      onChange={(checked) => editing.onToggle(item, checked)}
                    />
                    <Button
                      size="small"
                      icon={<EditOutlined aria-hidden />}
                      aria-label={t('aiTraining.knowledge.editLabel', { title: item.title })}
                      data-testid="knowledge-item-edit"
                      onClick={() => editing.onEdit(item)}
                    />
                    <Button
                      size="small"
                      danger
                      icon={<DeleteOutlined aria-hidden />}
                      aria-label={t('aiTraining.knowledge.deleteLabel', { title: item.title })}
                      data-testid="knowledge-item-delete"
                      onClick={() => editing.onDelete(item)}
                    />
                  </>
                )}
              </Flex>
            </Flex>
          </Card>
        );
      })}
    </Flex>
  );
}
