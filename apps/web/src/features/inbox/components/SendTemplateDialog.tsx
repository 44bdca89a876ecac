import {
  renderTemplate,
  TEMPLATE_PARAMETER_MAX,
  TEMPLATE_PARAMETER_PATTERN,
  type WhatsAppTemplateResponse,
} from '@parley/contracts';
import { Alert, Button, Flex, Form, Input, Modal, Select, Skeleton, theme, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../app/api-error';
import { useFailureText } from '../../../app/server-text';
import { useToast } from '../../../app/toast';
import { EmptyState } from '../../../shared/components/EmptyState';
import { OWN_DIRECTION, UserText, UserTextLine } from '../../../shared/components/UserText';
import { useLazyWhatsappTemplatesQuery, useSendTemplateMutation } from '../api';

interface TemplateForm {
  /** `templateKey` of the chosen template. */
  template?: string;
  /** The body's values, `{{1}}` first. */
  parameters?: string[];
}

/** One choice of the template select: "name · language", with its category beside it in the list. */
interface TemplateOption {
  value: string;
  label: string;
  category: string;
}

/** A template is approved per language: the name and the language together are one choice. */
function templateKey(template: Pick<WhatsAppTemplateResponse, 'name' | 'language'>): string {
  return JSON.stringify([template.name, template.language]);
}

/** `{{n}}` as the template writes it. */
const placeholder = (index: number) => `{{${index + 1}}}`;

/** The values as they will be sent: trimmed; one not filled in yet stays `{{n}}` in the preview. */
function previewValues(values: readonly (string | undefined)[], count: number): string[] {
  return Array.from({ length: count }, (_, index) => values[index]?.trim() || placeholder(index));
}

/** The preview shows a whole template (Meta's bodies run to 1024 characters) before Show more. */
const PREVIEW_LINES = 20;

interface SendTemplateDialogProps {
  customerId: string;
  open: boolean;
  onClose: () => void;
}

/**
 * An approved WhatsApp template (POST /api/conversations/{id}/template): the only message WhatsApp allows
 * more than 24 hours after the customer last wrote. The templates are read each time the dialog opens; the
 * values are checked as the server checks them.
 */
export function SendTemplateDialog({ customerId, open, onClose }: SendTemplateDialogProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const toast = useToast();
  const failureText = useFailureText();
  const [form] = Form.useForm<TemplateForm>();
  const [loadTemplates, templates] = useLazyWhatsappTemplatesQuery();
  const [sendTemplate, { isLoading }] = useSendTemplateMutation();
  const chosenKey = Form.useWatch('template', form);
  const values = Form.useWatch('parameters', form) ?? [];
  // Kept while the dialog fades out; never another customer's.
  const list = templates.currentData;
  const chosen = list?.find((template) => templateKey(template) === chosenKey);

  // Read afresh on each opening: a template may have just been approved in WhatsApp Manager.
  useEffect(() => {
    if (open) void loadTemplates(customerId);
  }, [open, customerId, loadTemplates]);

  const close = () => {
    form.resetFields();
    onClose();
  };

  const choose = (key: string) => {
    const template = list?.find((candidate) => templateKey(candidate) === key);
    form.setFieldValue(
      'parameters',
      Array.from({ length: template?.parameterCount ?? 0 }, () => ''),
    );
  };

  const onFinish = async ({ parameters = [] }: TemplateForm) => {
    if (!chosen || isLoading) return;
    try {
      await sendTemplate({
        customerId,
        name: chosen.name,
        language: chosen.language,
        parameters: parameters.map((value) => value.trim()),
      }).unwrap();
    } catch (error) {
      const failed = t('inbox.template.failed');
      toast.error({ description: failureText(error as ApiError, { failed, network: failed }) });
      return;
    }
    toast.success({ description: t('inbox.template.sent') });
    close();
  };

  const categoryName = (category: string) =>
    t(`inbox.template.categories.${category}`, { defaultValue: category });

  /** What the dialog holds before the form: the list's failure, its loading, or that it is empty. */
  const listState = () => {
    if (templates.isError) {
      const failed = t('inbox.template.loadFailed');
      return (
        <Alert
          type="error"
          showIcon
          data-testid="template-load-failed"
          title={failureText(templates.error, { failed, network: failed })}
        />
      );
    }
    if (!list) return <Skeleton active paragraph={{ rows: 3 }} />;
    if (list.length === 0) {
      return (
        <EmptyState
          testId="template-empty"
          title={t('inbox.template.emptyTitle')}
          hint={t('inbox.template.emptyHint')}
        />
      );
    }
    return null;
  };

  const unavailable = listState();
  return (
    <Modal open={open} onCancel={close} title={t('inbox.template.title')} footer={null} forceRender>
      <Typography.Paragraph type="secondary">{t('inbox.template.intro')}</Typography.Paragraph>
      {unavailable}
      <Form<TemplateForm>
        form={form}
        layout="vertical"
        onFinish={(submitted) => void onFinish(submitted)}
        hidden={unavailable !== null}
        data-testid="template-form"
      >
        <Form.Item
          name="template"
          label={t('inbox.template.choose')}
          rules={[{ required: true, message: t('inbox.template.chooseRequired') }]}
        >
          <Select<string, TemplateOption>
            data-testid="template-select"
            placeholder={t('inbox.template.choosePlaceholder')}
            onChange={choose}
            options={(list ?? []).map((template) => ({
              value: templateKey(template),
              label: `${template.name} · ${template.language}`,
              category: template.category,
            }))}
            optionRender={({ label, data }) => (
              <Flex justify="space-between" gap="small" style={{ minWidth: 0 }}>
                <UserTextLine text={String(label)} />
                <Typography.Text type="secondary" style={{ flexShrink: 0 }}>
                  {categoryName(data.category)}
                </Typography.Text>
              </Flex>
            )}
          />
        </Form.Item>
        {chosen && (
          <>
            {Array.from({ length: chosen.parameterCount }, (_, index) => (
              <Form.Item
                key={`${chosenKey}:${index}`}
                name={['parameters', index]}
                label={t('inbox.template.parameter', { placeholder: placeholder(index) })}
                rules={[
                  { required: true, whitespace: true, message: t('inbox.template.parameterRequired') },
                  {
                    max: TEMPLATE_PARAMETER_MAX,
                    message: t('inbox.template.parameterTooLong', { max: TEMPLATE_PARAMETER_MAX }),
                  },
                  { pattern: TEMPLATE_PARAMETER_PATTERN, message: t('inbox.template.parameterPattern') },
                ]}
              >
                <Input data-testid="template-parameter" dir="auto" style={OWN_DIRECTION} />
              </Form.Item>
            ))}
            <Flex vertical gap={4}>
              <Typography.Text type="secondary">{t('inbox.template.preview')}</Typography.Text>
              <div
                style={{
                  padding: '8px 12px',
                  borderRadius: token.borderRadiusLG,
                  background: token.colorPrimaryBg,
                }}
              >
                <UserText
                  text={renderTemplate(chosen, previewValues(values, chosen.parameterCount))}
                  lines={PREVIEW_LINES}
                  testId="template-preview"
                />
              </div>
            </Flex>
          </>
        )}
      </Form>
      <Flex justify="end" gap="small" wrap style={{ marginTop: token.margin }}>
        <Button onClick={close}>{t('common.cancel')}</Button>
        {unavailable === null && (
          <Button type="primary" loading={isLoading} onClick={form.submit} data-testid="template-send">
            {t('inbox.template.send')}
          </Button>
        )}
      </Flex>
    </Modal>
  );
}
