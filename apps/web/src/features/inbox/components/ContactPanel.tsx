import { type CustomerResponse, FIELD_LIMITS, type UpdateContactDto } from '@parley/contracts';
import { Button, Descriptions, Flex, Form, Input, Select, Skeleton, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../app/api-error';
import { showFieldError } from '../../../app/form-errors';
import { useFailureText } from '../../../app/server-text';
import { useToast } from '../../../app/toast';
import { CustomerName } from '../../../shared/components/CustomerName';
import { shownUsername } from '../../../shared/format/customer-handle';
import { OWN_DIRECTION, UserTextLine } from '../../../shared/components/UserText';
import { usePlatformName } from '../../../shared/hooks/use-platform-name';
import { StageSelect } from '../../customers';
import { useGetCustomerQuery } from '../../customers/api';
import { MakeSubscriberButton } from '../../email-marketing';
import { StageHistory } from '../../pipeline';
import { useUpdateContactMutation } from '../api';
import { BackButton } from './BackButton';
import { CustomerLeads } from './CustomerLeads';

interface ContactForm {
  name: string;
  email?: string | null;
  phone?: string | null;
  interest?: string | null;
  notes?: string | null;
  tags: string[];
}

function formValues(customer: CustomerResponse): ContactForm {
  const { name, email, phone, interest, notes, tags } = customer;
  return { name, email, phone, interest, notes, tags };
}

/** Optional text: trimmed; empty clears it. */
function optional(value: string | null | undefined): string | null {
  const text = value?.trim();
  return text ? text : null;
}

interface ContactPanelProps {
  customerId: string;
  /** A phone: the panel is a pane of its own, with a way back to the thread. */
  onBack?: () => void;
}

/**
 * Who the customer is: name, platform and username, and what the owner keeps about them (email, phone,
 * stage, interest, notes, tags), each editable (PATCH /api/customers/{id}); with an email, Make email
 * subscriber (email marketing); then who moved the customer between stages and why, and the customer's leads.
 * The stage is saved as it is picked; the other fields with Save.
 */
export function ContactPanel({ customerId, onBack }: ContactPanelProps) {
  const { t } = useTranslation();
  const customer = useGetCustomerQuery(customerId);
  return (
    <Flex vertical data-testid="contact-panel" style={{ flex: 1, minHeight: 0 }}>
      <Flex align="center" gap="small" style={{ padding: '8px 12px', minHeight: 53 }}>
        {onBack && <BackButton label={t('inbox.backToThread')} testId="contact-back" onClick={onBack} />}
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('inbox.contact.title')}
        </Typography.Title>
      </Flex>
      <div style={{ flex: 1, minHeight: 0, overflowY: 'auto', padding: '0 16px 16px' }}>
        {customer.data ? (
          <ContactDetails key={customer.data.id} customer={customer.data} />
        ) : (
          <Skeleton active paragraph={{ rows: 6 }} />
        )}
      </div>
    </Flex>
  );
}

function ContactDetails({ customer }: { customer: CustomerResponse }) {
  const { t } = useTranslation();
  const toast = useToast();
  const failureText = useFailureText();
  const platformName = usePlatformName();
  const [form] = Form.useForm<ContactForm>();
  const [update, { isLoading, originalArgs }] = useUpdateContactMutation();
  const savingStage = isLoading && originalArgs?.stage !== undefined;

  // A refreshed customer (the agent moved the stage, another tab saved) shows unless the owner is editing.
  useEffect(() => {
    if (!form.isFieldsTouched()) form.setFieldsValue(formValues(customer));
  }, [customer, form]);

  const save = async (changes: UpdateContactDto): Promise<boolean> => {
    try {
      await update({ id: customer.id, ...changes }).unwrap();
    } catch (error) {
      const failed = t('customers.details.updateFailed');
      const description = failureText(error as ApiError, { failed, network: failed });
      toast.error({ description });
      showFieldError(form, error as ApiError, description);
      return false;
    }
    toast.success({ description: t('customers.details.updated') });
    return true;
  };

  const onFinish = async (values: ContactForm) => {
    const saved = await save({
      name: values.name.trim(),
      email: optional(values.email),
      phone: optional(values.phone),
      interest: optional(values.interest),
      notes: optional(values.notes),
      tags: values.tags,
    });
    if (saved) form.resetFields();
  };

  return (
    <Flex vertical gap="middle">
      <Descriptions
        column={1}
        layout="vertical"
        size="small"
        items={[
          {
            key: 'customer',
            label: t('customers.columns.customer'),
            children: (
              <CustomerName name={customer.name} platform={customer.platform} testId="contact-customer" />
            ),
          },
          {
            key: 'platform',
            label: t('customers.add.platform'),
            children: <span data-testid="contact-platform">{platformName(customer.platform)}</span>,
          },
          // A customer without a channel may have no username: their email and phone are below.
          ...(shownUsername(customer)
            ? [
                {
                  key: 'username',
                  label: t('customers.add.platformUsername'),
                  children: <UserTextLine text={shownUsername(customer) ?? ''} testId="contact-username" />,
                },
              ]
            : []),
          {
            key: 'stage',
            label: t('customers.details.stage'),
            children: (
              <StageSelect
                testId="contact-stage"
                stage={customer.stage}
                saving={savingStage}
                onChange={(stage) => void save({ stage })}
                width="100%"
              />
            ),
          },
        ]}
      />
      <Form<ContactForm>
        form={form}
        layout="vertical"
        initialValues={formValues(customer)}
        onFinish={(values) => void onFinish(values)}
        data-testid="contact-form"
      >
        <Form.Item
          name="name"
          label={t('customers.add.name')}
          rules={[{ required: true, whitespace: true, message: t('common.required') }]}
        >
          <Input data-testid="contact-name" dir="auto" style={OWN_DIRECTION} maxLength={FIELD_LIMITS.name} />
        </Form.Item>
        <Form.Item
          name="email"
          label={t('customers.details.email')}
          rules={[{ type: 'email', message: t('common.invalidEmail') }]}
        >
          <Input data-testid="contact-email" type="email" dir="ltr" maxLength={FIELD_LIMITS.name} />
        </Form.Item>
        <Form.Item name="phone" label={t('customers.details.phone')}>
          <Input data-testid="contact-phone" type="tel" dir="ltr" maxLength={FIELD_LIMITS.phone} />
        </Form.Item>
        <Form.Item name="interest" label={t('customers.details.interest')}>
          <Input
            data-testid="contact-interest"
            dir="auto"
            style={OWN_DIRECTION}
            maxLength={FIELD_LIMITS.interest}
          />
        </Form.Item>
        <Form.Item name="notes" label={t('customers.details.notes')}>
          <Input.TextArea
            data-testid="contact-notes"
            dir="auto"
            style={OWN_DIRECTION}
            maxLength={FIELD_LIMITS.notes}
            autoSize={{ minRows: 2, maxRows: 8 }}
          />
        </Form.Item>
        <Form.Item name="tags" label={t('inbox.contact.tags')}>
          <Select
            mode="tags"
            data-testid="contact-tags"
            aria-label={t('inbox.contact.tags')}
            placeholder={t('inbox.contact.tagsPlaceholder')}
            maxCount={FIELD_LIMITS.tagCount}
            tokenSeparators={[',']}
          />
        </Form.Item>
        <Form.Item shouldUpdate noStyle>
          {() =>
            form.isFieldsTouched() && (
              <Flex gap="small" justify="end" wrap>
                <Button onClick={() => form.resetFields()} data-testid="contact-cancel">
                  {t('common.cancel')}
                </Button>
                <Button type="primary" htmlType="submit" loading={isLoading} data-testid="contact-save">
                  {t('common.save')}
                </Button>
              </Flex>
            )
          }
        </Form.Item>
      </Form>
      <MakeSubscriberButton customer={customer} />
      <StageHistory customerId={customer.id} />
      <CustomerLeads customerId={customer.id} />
    </Flex>
  );
}
