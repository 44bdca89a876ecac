import {
  type CreateCustomerDto,
  CUSTOMER_PLATFORMS,
  customerContactProblem,
  type CustomerPlatform,
  FIELD_LIMITS,
  MANUAL_PLATFORM,
} from '@parley/contracts';
import { Button, Flex, Form, type FormRule, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../app/api-error';
import { showFieldError } from '../../../app/form-errors';
import { useFailureText } from '../../../app/server-text';
import { useToast } from '../../../app/toast';
import { usePlatformName } from '../../../shared/hooks/use-platform-name';
import { useCreateCustomerMutation } from '../api';

interface AddCustomerForm {
  name: string;
  platform: CustomerPlatform;
  platformUsername?: string;
  email?: string;
  phone?: string;
  interest?: string;
  notes?: string;
}

/** Two fields side by side; on a phone-wide dialog each takes the whole row. */
const HALF_ROW = { flex: '1 1 200px', minWidth: 0 };

const INITIAL_VALUES: Partial<AddCustomerForm> = { platform: 'instagram' };

/** Optional text: trimmed, and left out when empty (the server then stores nothing). */
function optional(value: string | undefined): string | undefined {
  const text = value?.trim();
  return text ? text : undefined;
}

/**
 * Add Customer: POST /api/customers; the stage starts at new. On a channel the platform username is
 * needed; a customer without one (No channel: a walk-in, a phone call) needs an email, a phone or a
 * username instead (customerContactProblem, which the server asks too).
 */
export function AddCustomerDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const failureText = useFailureText();
  const platformName = usePlatformName();
  const [form] = Form.useForm<AddCustomerForm>();
  const [createCustomer, { isLoading }] = useCreateCustomerMutation();
  const required = { required: true, whitespace: true, message: t('common.required') };
  const manual = Form.useWatch('platform', form) === MANUAL_PLATFORM;
  const contact: FormRule = {
    validator: async () => {
      const problem = customerContactProblem(
        form.getFieldsValue(['platform', 'platformUsername', 'email', 'phone']),
      );
      if (problem === 'usernameRequired') throw new Error(t('common.required'));
      if (problem === 'contactRequired') throw new Error(t('serverMessages.customerContactRequired'));
    },
  };

  const onFinish = async (values: AddCustomerForm) => {
    const body: CreateCustomerDto = {
      name: values.name.trim(),
      platform: values.platform,
      platformUsername: optional(values.platformUsername),
      email: optional(values.email),
      phone: optional(values.phone),
      interest: optional(values.interest),
      notes: optional(values.notes),
    };
    try {
      await createCustomer(body).unwrap();
    } catch (error) {
      const description = failureText(error as ApiError, {
        failed: t('customers.add.failed'),
        network: t('customers.add.failed'),
      });
      toast.error({ description });
      showFieldError(form, error as ApiError, description);
      return;
    }
    toast.success({ description: t('customers.add.added') });
    form.resetFields();
    onClose();
  };

  return (
    <Modal open={open} onCancel={onClose} title={t('customers.add.title')} footer={null} forceRender>
      <Form<AddCustomerForm>
        form={form}
        layout="vertical"
        initialValues={INITIAL_VALUES}
        onFinish={(values) => void onFinish(values)}
        data-testid="add-customer-form"
      >
        <Form.Item name="name" label={t('customers.add.name')} rules={[required]}>
          <Input data-testid="add-customer-name" maxLength={FIELD_LIMITS.name} />
        </Form.Item>
        <Flex gap="small" wrap>
          <Form.Item name="platform" label={t('customers.add.platform')} rules={[required]} style={HALF_ROW}>
            <Select
              data-testid="add-customer-platform"
              options={CUSTOMER_PLATFORMS.map((platform) => ({
                value: platform,
                label: platformName(platform),
              }))}
            />
          </Form.Item>
          <Form.Item
            name="platformUsername"
            label={t('customers.add.platformUsername')}
            rules={[contact]}
            required={!manual}
            dependencies={['platform', 'email', 'phone']}
            extra={
              manual ? (
                <span data-testid="add-customer-manual-hint">{t('customers.add.manualHint')}</span>
              ) : undefined
            }
            style={HALF_ROW}
          >
            <Input data-testid="add-customer-username" maxLength={FIELD_LIMITS.username} />
          </Form.Item>
        </Flex>
        <Flex gap="small" wrap>
          <Form.Item
            name="email"
            label={t('customers.add.email')}
            rules={[{ type: 'email', message: t('common.invalidEmail') }]}
            style={HALF_ROW}
          >
            <Input data-testid="add-customer-email" type="email" maxLength={FIELD_LIMITS.name} />
          </Form.Item>
          <Form.Item name="phone" label={t('customers.add.phone')} style={HALF_ROW}>
            <Input data-testid="add-customer-phone" type="tel" maxLength={FIELD_LIMITS.phone} />
          </Form.Item>
        </Flex>
        <Form.Item name="interest" label={t('customers.add.interest')}>
          <Input data-testid="add-customer-interest" maxLength={FIELD_LIMITS.interest} />
        </Form.Item>
        <Form.Item name="notes" label={t('customers.add.notes')}>
          <Input.TextArea
            data-testid="add-customer-notes"
            maxLength={FIELD_LIMITS.notes}
            autoSize={{ minRows: 2 }}
          />
        </Form.Item>
        <Flex justify="end" gap="small">
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={isLoading} data-testid="add-customer-submit">
            {t('customers.add.submit')}
          </Button>
        </Flex>
      </Form>
    </Modal>
  );
}
