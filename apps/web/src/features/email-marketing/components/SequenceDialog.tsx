import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  CUSTOMER_STAGES,
  type CustomerStage,
  EMAIL_SEQUENCE_LIMITS,
  EMAIL_SEQUENCE_TRIGGERS,
  type EmailSequenceDto,
  type EmailSequenceResponse,
  type EmailSequenceTrigger,
  FIELD_LIMITS,
} from '@parley/contracts';
import { Button, Flex, Form, Input, InputNumber, Select, Switch, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { OWNER_TEXT } from '../../../shared/format/owner-text';
import {
  useCreateEmailSequenceMutation,
  useEmailTemplatesFeedInfiniteQuery,
  useUpdateEmailSequenceMutation,
} from '../api';
import { useEmailActions } from '../use-email-actions';
import { EmailFormDialog, requiredText } from './EmailFormDialog';

interface StepForm {
  delayDays: number;
  delayHours: number;
  templateId?: string;
}

interface SequenceForm {
  name: string;
  triggerType: EmailSequenceTrigger;
  triggerStage?: CustomerStage;
  isActive: boolean;
  steps: StepForm[];
}

export type SequenceDialogMode = { mode: 'create' } | { mode: 'edit'; sequence: EmailSequenceResponse };

const NEW_STEP: StepForm = { delayDays: 0, delayHours: 0 };

/** A step's days or hours: a whole number from 0 to `max`. */
function DelayField({
  name,
  label,
  max,
  testId,
}: {
  name: [number, string];
  label: string;
  max: number;
  testId: string;
}) {
  return (
    <Form.Item name={name} label={label} style={{ width: 96 }}>
      <InputNumber<number> min={0} max={max} precision={0} data-testid={testId} />
    </Form.Item>
  );
}

function bodyOf(values: SequenceForm): EmailSequenceDto {
  return {
    name: values.name.trim(),
    triggerType: values.triggerType,
    triggerStage: values.triggerType === 'stage_reached' ? (values.triggerStage ?? null) : null,
    isActive: values.isActive,
    steps: values.steps.map((step) => ({
      delayDays: step.delayDays,
      delayHours: step.delayHours,
      templateId: step.templateId ?? '',
    })),
  };
}

/**
 * Create Sequence / Edit Sequence: a name, what starts it (a subscriber added, a customer reaching a
 * stage, a new lead), whether it is on, and its steps: each a template sent some days and hours after the
 * step before (after joining, for the first).
 */
export function SequenceDialog({ open, onClose }: { open: SequenceDialogMode | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SequenceForm>();
  const actions = useEmailActions();
  const templates = useEmailTemplatesFeedInfiniteQuery({}, { skip: open === null });
  const [createSequence, creating] = useCreateEmailSequenceMutation();
  const [updateSequence, updating] = useUpdateEmailSequenceMutation();
  const sequence = open?.mode === 'edit' ? open.sequence : null;
  const trigger = Form.useWatch('triggerType', form);
  const { maxSteps, maxDelayDays, maxDelayHours } = EMAIL_SEQUENCE_LIMITS;

  const templateOptions = useMemo(
    () =>
      (templates.data?.pages.flatMap((page) => page.items) ?? []).map((template) => ({
        value: template.id,
        label: template.name,
      })),
    [templates.data],
  );

  useEffect(() => {
    if (open === null) return;
    form.resetFields();
    if (open.mode === 'edit') {
      const { name, triggerType, triggerStage, isActive, steps } = open.sequence;
      form.setFieldsValue({
        name,
        triggerType,
        triggerStage: triggerStage ?? undefined,
        isActive,
        steps: steps.map((step) => ({
          delayDays: step.delayDays,
          delayHours: step.delayHours,
          templateId: step.templateId ?? undefined,
        })),
      });
    }
  }, [form, open]);

  const onFinish = async (values: SequenceForm) => {
    const body = bodyOf(values);
    const saved = await actions.run(
      () => (sequence ? updateSequence({ id: sequence.id, changes: body }) : createSequence(body)).unwrap(),
      sequence
        ? {
            done: t('emailMarketing.sequences.form.updated'),
            failed: t('emailMarketing.sequences.form.updateFailed'),
          }
        : {
            done: t('emailMarketing.sequences.form.created'),
            failed: t('emailMarketing.sequences.form.createFailed'),
          },
      form,
    );
    if (saved) onClose();
  };

  return (
    <EmailFormDialog<SequenceForm>
      open={open !== null}
      onClose={onClose}
      title={t(
        sequence ? 'emailMarketing.sequences.form.editTitle' : 'emailMarketing.sequences.form.createTitle',
      )}
      form={form}
      onFinish={(values) => void onFinish(values)}
      submitText={t(
        sequence ? 'emailMarketing.sequences.form.update' : 'emailMarketing.sequences.form.create',
      )}
      saving={creating.isLoading || updating.isLoading}
      testId="sequence-form"
      width={720}
    >
      <Form.Item
        name="name"
        label={t('emailMarketing.sequences.form.name')}
        rules={[requiredText(t('emailMarketing.sequences.form.nameRequired'))]}
      >
        <Input style={OWNER_TEXT} data-testid="sequence-name" maxLength={FIELD_LIMITS.name} />
      </Form.Item>
      <Flex gap="middle" wrap>
        <Form.Item
          name="triggerType"
          label={t('emailMarketing.sequences.form.trigger')}
          initialValue="subscriber_added"
          style={{ flex: '1 1 220px' }}
        >
          <Select
            data-testid="sequence-trigger"
            options={EMAIL_SEQUENCE_TRIGGERS.map((value) => ({
              value,
              label: t(`emailMarketing.sequences.triggers.${value}`),
            }))}
          />
        </Form.Item>
        {trigger === 'stage_reached' && (
          <Form.Item
            name="triggerStage"
            label={t('emailMarketing.sequences.form.stage')}
            rules={[{ required: true, message: t('emailMarketing.sequences.form.stageRequired') }]}
            style={{ flex: '1 1 180px' }}
          >
            <Select
              data-testid="sequence-stage"
              options={CUSTOMER_STAGES.map((value) => ({ value, label: t(`customers.stages.${value}`) }))}
            />
          </Form.Item>
        )}
      </Flex>
      <Form.Item
        name="isActive"
        label={t('emailMarketing.sequences.form.active')}
        valuePropName="checked"
        initialValue={false}
        extra={t('emailMarketing.sequences.form.activeHint')}
      >
        <Switch data-testid="sequence-active" />
      </Form.Item>

      <Typography.Text strong>{t('emailMarketing.sequences.form.steps')}</Typography.Text>
      <Form.List name="steps" initialValue={[NEW_STEP]}>
        {(fields, { add, remove }) => (
          <Flex vertical gap="small" style={{ marginBlock: 8 }} data-testid="sequence-steps">
            {fields.map((field, index) => (
              <Flex key={field.key} gap="small" wrap align="end" data-testid="sequence-step">
                <Typography.Text type="secondary" style={{ minWidth: 56, paddingBlockEnd: 30 }}>
                  {t('emailMarketing.sequences.form.stepNumber', { number: index + 1 })}
                </Typography.Text>
                <DelayField
                  name={[field.name, 'delayDays']}
                  label={t('emailMarketing.sequences.form.delayDays')}
                  max={maxDelayDays}
                  testId="sequence-step-days"
                />
                <DelayField
                  name={[field.name, 'delayHours']}
                  label={t('emailMarketing.sequences.form.delayHours')}
                  max={maxDelayHours}
                  testId="sequence-step-hours"
                />
                <Form.Item
                  name={[field.name, 'templateId']}
                  label={t('emailMarketing.sequences.form.template')}
                  rules={[{ required: true, message: t('emailMarketing.sequences.form.templateRequired') }]}
                  style={{ flex: '1 1 200px', minWidth: 0 }}
                >
                  <Select
                    data-testid="sequence-step-template"
                    loading={templates.isLoading}
                    options={templateOptions}
                    placeholder={t('emailMarketing.sequences.form.chooseTemplate')}
                  />
                </Form.Item>
                <Button
                  icon={<DeleteOutlined aria-hidden />}
                  aria-label={t('emailMarketing.sequences.form.removeStep', { number: index + 1 })}
                  disabled={fields.length === 1}
                  onClick={() => remove(field.name)}
                  style={{ marginBlockEnd: 24 }}
                  data-testid="sequence-step-remove"
                />
              </Flex>
            ))}
            <Button
              icon={<PlusOutlined aria-hidden />}
              disabled={fields.length >= maxSteps}
              onClick={() => add({ ...NEW_STEP })}
              data-testid="sequence-add-step"
              style={{ alignSelf: 'start' }}
            >
              {t('emailMarketing.sequences.form.addStep')}
            </Button>
          </Flex>
        )}
      </Form.List>
    </EmailFormDialog>
  );
}
