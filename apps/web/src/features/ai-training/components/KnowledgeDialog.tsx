import {
  DEFAULT_KNOWLEDGE_PRIORITY,
  FIELD_LIMITS,
  KNOWLEDGE_CATEGORIES,
  KNOWLEDGE_PRIORITIES,
  type KnowledgeCategory,
  type KnowledgeItemResponse,
  type KnowledgePriority,
  type ReplayDraftDto,
} from '@parley/contracts';
import { Button, Flex, Form, Input, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../app/api-error';
import { showFieldError } from '../../../app/form-errors';
import { useFailureText } from '../../../app/server-text';
import { useToast } from '../../../app/toast';
import { listFromCommaText, OWNER_TEXT } from '../../../shared/format/owner-text';
import { TestChangeButton } from '../../replays';
import { type KnowledgeBody, useCreateKnowledgeMutation, useUpdateKnowledgeMutation } from '../api';

interface KnowledgeForm {
  category: KnowledgeCategory;
  title: string;
  content: string;
  tags?: string;
  priority: KnowledgePriority;
}

const EMPTY_FORM: Partial<KnowledgeForm> = {
  category: 'company_info',
  priority: DEFAULT_KNOWLEDGE_PRIORITY,
};

function formOf(item: KnowledgeItemResponse): KnowledgeForm {
  return {
    category: item.category,
    title: item.title,
    content: item.content,
    tags: item.tags.join(', '),
    priority: item.priority,
  };
}

function bodyOf(values: KnowledgeForm): KnowledgeBody {
  return {
    category: values.category,
    title: values.title.trim(),
    content: values.content.trim(),
    tags: listFromCommaText(values.tags ?? ''),
    priority: values.priority,
  };
}

/** The dialog is closed (null), open to add an item, or open to edit one. */
export type KnowledgeDialogMode = { mode: 'create' } | { mode: 'edit'; item: KnowledgeItemResponse };

/**
 * Add Knowledge Item / Edit Knowledge Item (spec 001 §5, §8): POST or PATCH /api/ai/knowledge. A blank
 * title or content is refused here with the spec's Missing Information toast, before anything is sent.
 */
export function KnowledgeDialog({
  open,
  onClose,
}: {
  open: KnowledgeDialogMode | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const failureText = useFailureText();
  const [form] = Form.useForm<KnowledgeForm>();
  const [createKnowledge, creating] = useCreateKnowledgeMutation();
  const [updateKnowledge, updating] = useUpdateKnowledgeMutation();
  const item = open?.mode === 'edit' ? open.item : null;
  const editing = item !== null;

  // Each opening starts from the item being edited, or from an empty form.
  useEffect(() => {
    if (open === null) return;
    form.resetFields();
    if (open.mode === 'edit') form.setFieldsValue(formOf(open.item));
  }, [form, open]);

  const missing = t('aiTraining.knowledge.form.missing');
  const required = { required: true, whitespace: true, message: missing };

  const onFinish = async (values: KnowledgeForm) => {
    const body = bodyOf(values);
    try {
      if (item) await updateKnowledge({ id: item.id, changes: body }).unwrap();
      else await createKnowledge(body).unwrap();
    } catch (error) {
      const failed = t(
        editing ? 'aiTraining.knowledge.form.updateFailed' : 'aiTraining.knowledge.form.createFailed',
      );
      const description = failureText(error as ApiError, { failed, network: failed });
      toast.error({
        title: t(
          editing
            ? 'aiTraining.knowledge.form.updateFailedTitle'
            : 'aiTraining.knowledge.form.createFailedTitle',
        ),
        description,
      });
      showFieldError(form, error as ApiError, description);
      return;
    }
    toast.success({
      description: t(editing ? 'aiTraining.knowledge.form.updated' : 'aiTraining.knowledge.form.created'),
    });
    form.resetFields();
    onClose();
  };

  /** The item as the form stands, when it is valid (the form shows what is not). */
  const testDraft = async (): Promise<ReplayDraftDto | undefined> => {
    let body: KnowledgeBody;
    try {
      body = bodyOf(await form.validateFields());
    } catch {
      return undefined;
    }
    return item
      ? { kind: 'knowledge_update', itemId: item.id, changes: body }
      : { kind: 'knowledge_create', knowledge: body };
  };

  return (
    <Modal
      open={open !== null}
      onCancel={onClose}
      title={t(editing ? 'aiTraining.knowledge.form.editTitle' : 'aiTraining.knowledge.form.createTitle')}
      footer={null}
      forceRender
    >
      <Form<KnowledgeForm>
        form={form}
        layout="vertical"
        initialValues={EMPTY_FORM}
        onFinish={(values) => void onFinish(values)}
        onFinishFailed={({ errorFields }) => {
          const blank = errorFields.some(({ name }) => name[0] === 'title' || name[0] === 'content');
          if (blank)
            toast.error({ title: t('aiTraining.knowledge.form.missingTitle'), description: missing });
        }}
        data-testid="knowledge-form"
      >
        <Flex gap="small" wrap>
          <Form.Item
            name="category"
            label={t('aiTraining.knowledge.form.category')}
            style={{ flex: '1 1 200px', minWidth: 0 }}
          >
            <Select
              data-testid="knowledge-category"
              options={KNOWLEDGE_CATEGORIES.map((category) => ({
                value: category,
                label: t(`aiTraining.knowledge.categories.${category}`),
              }))}
            />
          </Form.Item>
          <Form.Item
            name="priority"
            label={t('aiTraining.knowledge.form.priority')}
            style={{ flex: '1 1 160px', minWidth: 0 }}
          >
            <Select
              data-testid="knowledge-priority"
              options={KNOWLEDGE_PRIORITIES.map((priority) => ({
                value: priority,
                label: t(`aiTraining.knowledge.priorities.${priority}`),
              }))}
            />
          </Form.Item>
        </Flex>
        <Form.Item name="title" label={t('aiTraining.knowledge.form.title')} rules={[required]}>
          <Input
            style={OWNER_TEXT}
            data-testid="knowledge-title"
            maxLength={FIELD_LIMITS.name}
            placeholder={t('aiTraining.knowledge.form.titlePlaceholder')}
          />
        </Form.Item>
        <Form.Item name="content" label={t('aiTraining.knowledge.form.content')} rules={[required]}>
          <Input.TextArea
            style={OWNER_TEXT}
            data-testid="knowledge-content"
            maxLength={FIELD_LIMITS.knowledgeContent}
            autoSize={{ minRows: 4, maxRows: 12 }}
            placeholder={t('aiTraining.knowledge.form.contentPlaceholder')}
          />
        </Form.Item>
        <Form.Item name="tags" label={t('aiTraining.knowledge.form.tags')}>
          <Input
            style={OWNER_TEXT}
            data-testid="knowledge-tags"
            placeholder={t('aiTraining.knowledge.form.tagsPlaceholder')}
          />
        </Form.Item>
        <Flex justify="end" gap="small" wrap>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <TestChangeButton draft={testDraft} />
          <Button
            type="primary"
            htmlType="submit"
            loading={creating.isLoading || updating.isLoading}
            data-testid="knowledge-submit"
          >
            {t(editing ? 'aiTraining.knowledge.form.update' : 'aiTraining.knowledge.form.create')}
          </Button>
        </Flex>
      </Form>
    </Modal>
  );
}
