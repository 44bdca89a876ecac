import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

const trim = (value: string | undefined) => value?.trim();

/** The required email field of the account forms (spec 000 §5), named `email`. */
export function EmailField({ testId }: { testId: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="email"
      label={t('auth.fields.email')}
      normalize={trim}
      rules={[
        { required: true, message: t('serverMessages.emailRequired') },
        { type: 'email', message: t('serverMessages.emailInvalid') },
      ]}
    >
      <Input type="email" autoComplete="email" inputMode="email" data-testid={testId} />
    </Form.Item>
  );
}
