import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { KNOWLEDGE_LIST_LIMIT, type KnowledgeItemResponse } from '@parley/contracts';
import { App, Button, Flex, Input, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../app/api-error';
import { useFailureText } from '../../../app/server-text';
import { useToast } from '../../../app/toast';
import { EmptyState } from '../../../shared/components/EmptyState';
import { SkeletonRows } from '../../../shared/components/SkeletonRows';
import {
  useDeleteKnowledgeMutation,
  useListKnowledgeQuery,
  useListTrainingDocumentsQuery,
  useUpdateKnowledgeMutation,
} from '../api';
import { matchesKnowledgeSearch } from '../training-format';
import { KnowledgeConflicts } from './KnowledgeConflicts';
import { KnowledgeDialog, type KnowledgeDialogMode } from './KnowledgeDialog';
import { KnowledgeList } from './KnowledgeList';
import { useCan } from '../../team';

/**
 * The Knowledge Base tab (spec 001 §2, §5): add, edit, switch off and delete items, typed ones and the
 * passages of documents alike. The search filters the listed items (the newest KNOWLEDGE_LIST_LIMIT) by title,
 * content and tags. Above the list, the prices of items the catalogue disagrees with (KnowledgeConflicts).
 */
export function KnowledgeTab() {
  const { t } = useTranslation();
  // Agents read the training; owners and admins change it (docs/teams.md).
  const editable = useCan()('editTraining');
  const { modal } = App.useApp();
  const toast = useToast();
  const failureText = useFailureText();
  const knowledge = useListKnowledgeQuery();
  const documents = useListTrainingDocumentsQuery();
  const [updateKnowledge] = useUpdateKnowledgeMutation();
  const [deleteKnowledge] = useDeleteKnowledgeMutation();
  const [dialog, setDialog] = useState<KnowledgeDialogMode | null>(null);
  const [search, setSearch] = useState('');

  const items = useMemo(() => knowledge.data ?? [], [knowledge.data]);
  const shown = useMemo(() => items.filter((item) => matchesKnowledgeSearch(item, search)), [items, search]);
  const documentNames = useMemo(
    () => new Map((documents.data ?? []).map((document) => [document.id, document.originalName])),
    [documents.data],
  );

  const failed = (error: unknown, key: 'updateFailed' | 'deleteFailed') => {
    const text = t(`aiTraining.knowledge.${key}`);
    toast.error({
      title: t(`aiTraining.knowledge.${key}Title`),
      description: failureText(error as ApiError, { failed: text, network: text }),
    });
  };

  const toggle = async (item: KnowledgeItemResponse, isActive: boolean) => {
    try {
      await updateKnowledge({ id: item.id, changes: { isActive } }).unwrap();
      toast.success({
        description: t(isActive ? 'aiTraining.knowledge.activated' : 'aiTraining.knowledge.deactivated'),
      });
    } catch (error) {
      failed(error, 'updateFailed');
    }
  };

  const confirmDelete = (item: KnowledgeItemResponse) =>
    modal.confirm({
      title: t('aiTraining.knowledge.delete.title'),
      content: t('aiTraining.knowledge.delete.confirm', { title: item.title }),
      okText: t('aiTraining.knowledge.delete.submit'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await deleteKnowledge(item.id).unwrap();
          toast.success({ description: t('aiTraining.knowledge.delete.deleted') });
        } catch (error) {
          failed(error, 'deleteFailed');
        }
      },
    });

  const addButton = (testId: string) => (
    <Button
      type="primary"
      icon={<PlusOutlined aria-hidden />}
      data-testid={testId}
      onClick={() => setDialog({ mode: 'create' })}
    >
      {t('aiTraining.knowledge.add')}
    </Button>
  );

  const list = () => {
    if (knowledge.isLoading) return <SkeletonRows count={3} testId="knowledge-skeleton" />;
    if (knowledge.isError)
      return (
        <EmptyState
          testId="knowledge-error"
          title={t('aiTraining.knowledge.loadFailed')}
          hint={t('common.tryAgainLater')}
        />
      );
    if (shown.length === 0)
      return (
        <EmptyState
          testId="knowledge-empty"
          title={t(
            items.length === 0
              ? 'aiTraining.knowledge.empty.title'
              : 'aiTraining.knowledge.empty.noMatchTitle',
          )}
          hint={t(
            items.length === 0 ? 'aiTraining.knowledge.empty.hint' : 'aiTraining.knowledge.empty.noMatchHint',
          )}
          action={items.length === 0 && editable ? addButton('knowledge-empty-add') : undefined}
        />
      );
    return (
      <>
        <KnowledgeList
          items={shown}
          documentNames={documentNames}
          editing={
            editable
              ? {
                  onEdit: (item) => setDialog({ mode: 'edit', item }),
                  onDelete: confirmDelete,
                  onToggle: (item, isActive) => void toggle(item, isActive),
                }
              : undefined
          }
        />
        {items.length >= KNOWLEDGE_LIST_LIMIT && (
          <Typography.Text type="secondary" data-testid="knowledge-limit" style={{ textAlign: 'center' }}>
            {t('aiTraining.knowledge.newestOnly', { count: KNOWLEDGE_LIST_LIMIT })}
          </Typography.Text>
        )}
      </>
    );
  };

  return (
    <Flex vertical gap="middle">
      <Flex gap="small" wrap justify="space-between">
        <Input
          allowClear
          data-testid="knowledge-search"
          aria-label={t('aiTraining.knowledge.searchLabel')}
          placeholder={t('aiTraining.knowledge.searchPlaceholder')}
          prefix={<SearchOutlined aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          style={{ flex: '1 1 240px', maxWidth: 420 }}
        />
        {editable && addButton('knowledge-add-open')}
      </Flex>
      <KnowledgeConflicts />
      {list()}
      <KnowledgeDialog open={dialog} onClose={() => setDialog(null)} />
    </Flex>
  );
}
