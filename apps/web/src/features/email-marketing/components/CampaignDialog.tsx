import type {
  CampaignDto,
  CampaignResponse,
  EmailTemplateResponse,
  UpdateCampaignDto,
} from '@parley/contracts';
import { FIELD_LIMITS } from '@parley/contracts';
import { Alert, Form, Input, Select } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { OWNER_TEXT } from '../../../shared/format/owner-text';
import {
  useCreateEmailCampaignMutation,
  useEmailAudienceQuery,
  useEmailTemplatesFeedInfiniteQuery,
  useUpdateEmailCampaignMutation,
} from '../api';
import { fromLocalInput, hasStarted, toLocalInput } from '../campaign-format';
import { useEmailActions } from '../use-email-actions';
import { EmailFormDialog, requiredText } from './EmailFormDialog';
import { EmailContentFields } from './TemplateDialog';

interface CampaignForm {
  name: string;
  templateId?: string | null;
  subject: string;
  htmlContent: string;
  textContent?: string;
  /** `<input type="datetime-local">`: the browser's time zone. */
  scheduledAt?: string;
  /** Only subscribers with any of these tags; none for everyone. */
  audienceTags?: string[];
}

export type CampaignDialogMode = { mode: 'create' } | { mode: 'edit'; campaign: CampaignResponse };

function bodyOf(values: CampaignForm): CampaignDto {
  return {
    name: values.name.trim(),
    subject: values.subject.trim(),
    htmlContent: values.htmlContent,
    textContent: values.textContent?.trim() ? values.textContent : null,
    templateId: values.templateId ?? null,
    scheduledAt: fromLocalInput(values.scheduledAt),
    audienceTags: values.audienceTags ?? [],
  };
}

/**
 * Create Campaign / Edit Campaign (spec 001 §5, §8). Choosing a template copies its subject and content,
 * which the owner may then change. The audience is everyone subscribed or those with any of the chosen
 * tags, its recipients counted as it changes. A campaign that has started sending can only be renamed.
 */
export function CampaignDialog({ open, onClose }: { open: CampaignDialogMode | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CampaignForm>();
  const actions = useEmailActions();
  const templates = useEmailTemplatesFeedInfiniteQuery({}, { skip: open === null });
  const [createCampaign, creating] = useCreateEmailCampaignMutation();
  const [updateCampaign, updating] = useUpdateEmailCampaignMutation();
  const campaign = open?.mode === 'edit' ? open.campaign : null;
  const started = campaign !== null && hasStarted(campaign.status);
  const audienceTags = Form.useWatch('audienceTags', form);
  const audience = useEmailAudienceQuery({ tags: audienceTags ?? [] }, { skip: open === null });

  const templateList = useMemo<EmailTemplateResponse[]>(
    () => templates.data?.pages.flatMap((page) => page.items) ?? [],
    [templates.data],
  );

  useEffect(() => {
    if (open === null) return;
    form.resetFields();
    if (open.mode === 'edit') {
      const { name, templateId, subject, htmlContent, textContent, scheduledAt } = open.campaign;
      form.setFieldsValue({
        name,
        templateId,
        subject,
        htmlContent,
        textContent: textContent ?? '',
        scheduledAt: toLocalInput(scheduledAt),
        audienceTags: open.campaign.audienceTags,
      });
    }
  }, [form, open]);

  const copyTemplate = (id: string | null) => {
    const template = templateList.find((candidate) => candidate.id === id);
    if (template)
      form.setFieldsValue({
        subject: template.subject,
        htmlContent: template.htmlContent,
        textContent: template.textContent ?? '',
      });
  };

  const onFinish = async (values: CampaignForm) => {
    const body = bodyOf(values);
    const changes: UpdateCampaignDto = started ? { name: body.name } : body;
    const saved = await actions.run(
      () => (campaign ? updateCampaign({ id: campaign.id, changes }) : createCampaign(body)).unwrap(),
      campaign
        ? {
            done: t('emailMarketing.campaigns.form.updated'),
            failed: t('emailMarketing.campaigns.form.updateFailed'),
          }
        : {
            done: t('emailMarketing.campaigns.form.created'),
            failed: t('emailMarketing.campaigns.form.createFailed'),
          },
      form,
    );
    if (saved) onClose();
  };

  return (
    <EmailFormDialog<CampaignForm>
      open={open !== null}
      onClose={onClose}
      title={t(
        campaign ? 'emailMarketing.campaigns.form.editTitle' : 'emailMarketing.campaigns.form.createTitle',
      )}
      form={form}
      onFinish={(values) => void onFinish(values)}
      submitText={t(
        campaign ? 'emailMarketing.campaigns.form.update' : 'emailMarketing.campaigns.form.create',
      )}
      saving={creating.isLoading || updating.isLoading}
      testId="campaign-form"
      width={720}
    >
      {started && (
        <Alert
          type="info"
          showIcon
          data-testid="campaign-started-notice"
          title={t('emailMarketing.campaigns.form.startedNotice')}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form.Item
        name="name"
        label={t('emailMarketing.campaigns.form.name')}
        rules={[requiredText(t('serverMessages.campaignNameRequired'))]}
      >
        <Input style={OWNER_TEXT} data-testid="campaign-name" maxLength={FIELD_LIMITS.name} />
      </Form.Item>
      <Form.Item
        name="templateId"
        label={t('emailMarketing.campaigns.form.template')}
        extra={t('emailMarketing.campaigns.form.templateHint')}
      >
        <Select
          allowClear
          disabled={started}
          data-testid="campaign-template"
          placeholder={t('emailMarketing.campaigns.form.noTemplate')}
          loading={templates.isLoading}
          onChange={(id: string | undefined) => copyTemplate(id ?? null)}
          options={templateList.map((template) => ({ value: template.id, label: template.name }))}
        />
      </Form.Item>
      <EmailContentFields testIdPrefix="campaign" disabled={started} />
      <Form.Item
        name="audienceTags"
        label={t('emailMarketing.campaigns.form.audience')}
        extra={
          <span data-testid="campaign-recipients">
            {audience.data
              ? t('emailMarketing.campaigns.form.recipients', { count: audience.data.recipients })
              : t('emailMarketing.campaigns.form.audienceHint')}
          </span>
        }
      >
        <Select
          mode="tags"
          allowClear
          disabled={started}
          data-testid="campaign-audience"
          placeholder={t('emailMarketing.campaigns.form.allSubscribers')}
          maxCount={FIELD_LIMITS.tagCount}
          tokenSeparators={[',']}
          options={(audience.data?.tags ?? []).map((tag) => ({ value: tag, label: tag }))}
        />
      </Form.Item>
      <Form.Item
        name="scheduledAt"
        label={t('emailMarketing.campaigns.form.scheduledAt')}
        extra={t('emailMarketing.campaigns.form.scheduledAtHint')}
      >
        <Input type="datetime-local" data-testid="campaign-scheduled-at" disabled={started} />
      </Form.Item>
    </EmailFormDialog>
  );
}
