import { ErrorCode, FIELD_LIMITS, type SubscriberDto, type SubscriberResponse } from '@parley/contracts';
import { Flex, Form, Input } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, apiErrorCode } from '../../../app/api-error';
import { listFromCommaText, OWNER_TEXT } from '../../../shared/format/owner-text';
import { useCreateEmailSubscriberMutation, useUpdateEmailSubscriberMutation } from '../api';
import { useEmailActions } from '../use-email-actions';
import { EmailFormDialog } from './EmailFormDialog';

interface SubscriberForm {
  email: string;
  firstName?: string;
  lastName?: string;
  /** Comma-separated. */
  tags?: string;
}

export type SubscriberDialogMode = { mode: 'create' } | { mode: 'edit'; subscriber: SubscriberResponse };

const blankToNull = (value: string | undefined) => (value?.trim() ? value.trim() : null);

function bodyOf(values: SubscriberForm): SubscriberDto {
  return {
    email: values.email.trim(),
    firstName: blankToNull(values.firstName),
    lastName: blankToNull(values.lastName),
    tags: listFromCommaText(values.tags ?? ''),
  };
}

/** Add Subscriber / Edit Subscriber (spec 001 §5, §8): POST or PATCH /api/email/subscribers. */
export function SubscriberDialog({
  open,
  onClose,
}: {
  open: SubscriberDialogMode | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SubscriberForm>();
  const actions = useEmailActions();
  const [createSubscriber, creating] = useCreateEmailSubscriberMutation();
  const [updateSubscriber, updating] = useUpdateEmailSubscriberMutation();
  const subscriber = open?.mode === 'edit' ? open.subscriber : null;
  const invalidEmail = t('serverMessages.subscriberEmailInvalid');

  useEffect(() => {
    if (open === null) return;
    form.resetFields();
    if (open.mode === 'edit') {
      const { email, firstName, lastName, tags } = open.subscriber;
      form.setFieldsValue({
        email,
        firstName: firstName ?? '',
        lastName: lastName ?? '',
        tags: tags.join(', '),
      });
    }
  }, [form, open]);

  const onFinish = async (values: SubscriberForm) => {
    const body = bodyOf(values);
    // The server's sentence names the address, so it is said again in the reader's language.
    const describe = (error: ApiError) =>
      apiErrorCode(error) === ErrorCode.Conflict
        ? t('emailMarketing.subscribers.form.emailTaken', { email: body.email })
        : undefined;
    const saved = await actions.run(
      () =>
        (subscriber
          ? updateSubscriber({ id: subscriber.id, changes: body })
          : createSubscriber(body)
        ).unwrap(),
      subscriber
        ? {
            done: t('emailMarketing.subscribers.form.updated'),
            failed: t('emailMarketing.subscribers.form.updateFailed'),
            describe,
          }
        : {
            done: t('emailMarketing.subscribers.form.created'),
            failed: t('emailMarketing.subscribers.form.createFailed'),
            describe,
          },
      form,
    );
    if (saved) onClose();
  };

  return (
    <EmailFormDialog<SubscriberForm>
      open={open !== null}
      onClose={onClose}
      title={t(
        subscriber
          ? 'emailMarketing.subscribers.form.editTitle'
          : 'emailMarketing.subscribers.form.createTitle',
      )}
      form={form}
      onFinish={(values) => void onFinish(values)}
      submitText={t(
        subscriber ? 'emailMarketing.subscribers.form.update' : 'emailMarketing.subscribers.form.create',
      )}
      saving={creating.isLoading || updating.isLoading}
      testId="subscriber-form"
    >
      <Form.Item
        name="email"
        label={t('emailMarketing.subscribers.form.email')}
        rules={[
          { required: true, whitespace: true, message: invalidEmail },
          { type: 'email', message: invalidEmail },
        ]}
      >
        <Input type="email" dir="ltr" data-testid="subscriber-email" maxLength={254} />
      </Form.Item>
      <Flex gap="small" wrap>
        <Form.Item
          name="firstName"
          label={t('emailMarketing.subscribers.form.firstName')}
          style={{ flex: '1 1 160px', minWidth: 0 }}
        >
          <Input style={OWNER_TEXT} data-testid="subscriber-first-name" maxLength={FIELD_LIMITS.shortText} />
        </Form.Item>
        <Form.Item
          name="lastName"
          label={t('emailMarketing.subscribers.form.lastName')}
          style={{ flex: '1 1 160px', minWidth: 0 }}
        >
          <Input style={OWNER_TEXT} data-testid="subscriber-last-name" maxLength={FIELD_LIMITS.shortText} />
        </Form.Item>
      </Flex>
      <Form.Item name="tags" label={t('emailMarketing.subscribers.form.tags')}>
        <Input style={OWNER_TEXT} data-testid="subscriber-tags" />
      </Form.Item>
    </EmailFormDialog>
  );
}
