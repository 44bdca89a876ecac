import {
  EMAIL_TEMPLATE_TYPES,
  type EmailTemplateDto,
  type EmailTemplateResponse,
  type EmailTemplateType,
  FIELD_LIMITS,
} from '@parley/contracts';
import { Form, Input, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { OWNER_TEXT } from '../../../shared/format/owner-text';
import { useCreateEmailTemplateMutation, useUpdateEmailTemplateMutation } from '../api';
import { useEmailActions } from '../use-email-actions';
import { EmailFormDialog, requiredText } from './EmailFormDialog';

interface TemplateForm {
  name: string;
  subject: string;
  htmlContent: string;
  textContent?: string;
  templateType: EmailTemplateType;
}

export type TemplateDialogMode = { mode: 'create' } | { mode: 'edit'; template: EmailTemplateResponse };

function bodyOf(values: TemplateForm): EmailTemplateDto {
  return {
    name: values.name.trim(),
    subject: values.subject.trim(),
    htmlContent: values.htmlContent,
    textContent: values.textContent?.trim() ? values.textContent : null,
    templateType: values.templateType,
  };
}

/** Create Template / Edit Template (spec 001 §5, §8): POST or PATCH /api/email/templates. */
export function TemplateDialog({ open, onClose }: { open: TemplateDialogMode | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TemplateForm>();
  const actions = useEmailActions();
  const [createTemplate, creating] = useCreateEmailTemplateMutation();
  const [updateTemplate, updating] = useUpdateEmailTemplateMutation();
  const template = open?.mode === 'edit' ? open.template : null;

  useEffect(() => {
    if (open === null) return;
    form.resetFields();
    form.setFieldsValue(
      open.mode === 'edit'
        ? { ...open.template, textContent: open.template.textContent ?? '' }
        : { templateType: 'newsletter' },
    );
  }, [form, open]);

  const onFinish = async (values: TemplateForm) => {
    const body = bodyOf(values);
    const saved = await actions.run(
      () => (template ? updateTemplate({ id: template.id, changes: body }) : createTemplate(body)).unwrap(),
      template
        ? {
            done: t('emailMarketing.templates.form.updated'),
            failed: t('emailMarketing.templates.form.updateFailed'),
          }
        : {
            done: t('emailMarketing.templates.form.created'),
            failed: t('emailMarketing.templates.form.createFailed'),
          },
      form,
    );
    if (saved) onClose();
  };

  return (
    <EmailFormDialog<TemplateForm>
      open={open !== null}
      onClose={onClose}
      title={t(
        template ? 'emailMarketing.templates.form.editTitle' : 'emailMarketing.templates.form.createTitle',
      )}
      form={form}
      onFinish={(values) => void onFinish(values)}
      submitText={t(
        template ? 'emailMarketing.templates.form.update' : 'emailMarketing.templates.form.create',
      )}
      saving={creating.isLoading || updating.isLoading}
      testId="template-form"
      width={720}
    >
      <Form.Item
        name="name"
        label={t('emailMarketing.templates.form.name')}
        rules={[requiredText(t('serverMessages.templateNameRequired'))]}
      >
        <Input style={OWNER_TEXT} data-testid="template-name" maxLength={FIELD_LIMITS.name} />
      </Form.Item>
      <Form.Item name="templateType" label={t('emailMarketing.templates.form.type')}>
        <Select
          data-testid="template-type"
          options={EMAIL_TEMPLATE_TYPES.map((type) => ({
            value: type,
            label: t(`emailMarketing.templates.types.${type}`),
          }))}
        />
      </Form.Item>
      <EmailContentFields testIdPrefix="template" />
    </EmailFormDialog>
  );
}

/** The variables a mail may use (docs/email.md, Content), shown as written: they are not i18next's. */
const VARIABLES = '{{firstName}}, {{lastName}}, {{email}}, {{companyName}}';
const VARIABLE_EXAMPLE = '{{ firstName | default: "there" }}';

/** Subject, HTML and text: what a template and a campaign both hold, with the spec's required texts. */
export function EmailContentFields({ testIdPrefix, disabled }: { testIdPrefix: string; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="subject"
        label={t('emailMarketing.content.subject')}
        rules={[requiredText(t('serverMessages.emailSubjectRequired'))]}
      >
        <Input
          style={OWNER_TEXT}
          data-testid={`${testIdPrefix}-subject`}
          maxLength={FIELD_LIMITS.emailSubject}
          disabled={disabled}
        />
      </Form.Item>
      <Form.Item
        name="htmlContent"
        label={t('emailMarketing.content.html')}
        extra={t('emailMarketing.content.variables', { variables: VARIABLES, example: VARIABLE_EXAMPLE })}
        rules={[requiredText(t('serverMessages.emailContentRequired'))]}
      >
        <Input.TextArea
          data-testid={`${testIdPrefix}-html`}
          dir="ltr"
          spellCheck={false}
          style={{ fontFamily: 'monospace' }}
          autoSize={{ minRows: 6, maxRows: 14 }}
          maxLength={FIELD_LIMITS.emailHtml}
          disabled={disabled}
        />
      </Form.Item>
      <Form.Item name="textContent" label={t('emailMarketing.content.text')}>
        <Input.TextArea
          style={OWNER_TEXT}
          data-testid={`${testIdPrefix}-text`}
          autoSize={{ minRows: 2, maxRows: 8 }}
          maxLength={FIELD_LIMITS.emailText}
          disabled={disabled}
        />
      </Form.Item>
    </>
  );
}
