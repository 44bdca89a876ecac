import { checkPassword, PASSWORD_MAX_LENGTH } from '@parley/contracts';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { PasswordChecklist } from './PasswordChecklist';

interface NewPasswordFieldsProps {
  /** `{prefix}-password` and `{prefix}-confirm` are the fields' test ids. */
  testIdPrefix: string;
  passwordLabel: string;
  /** Spec 000 §5: 6 on register, 8 on reset. */
  confirmMinLength: number;
}

/**
 * A new password (`password`) with its live checklist, and its confirmation (`confirmPassword`). The
 * rules are those of `@parley/contracts`, which the server checks too.
 */
export function NewPasswordFields({ testIdPrefix, passwordLabel, confirmMinLength }: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  const watched: unknown = Form.useWatch('password');
  const password = typeof watched === 'string' ? watched : '';

  return (
    <>
      <Form.Item
        name="password"
        label={passwordLabel}
        validateFirst
        rules={[
          { required: true, message: t('serverMessages.passwordRequired') },
          {
            validator: (_rule, value: string | undefined) =>
              !value || checkPassword(value).length === 0
                ? Promise.resolve()
                : Promise.reject(new Error(t('serverMessages.passwordRequirementsNotMet'))),
          },
        ]}
        extra={<PasswordChecklist password={password} />}
      >
        <Input.Password
          autoComplete="new-password"
          maxLength={PASSWORD_MAX_LENGTH}
          data-testid={`${testIdPrefix}-password`}
        />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('auth.fields.confirmPassword')}
        dependencies={['password']}
        validateFirst
        rules={[
          { required: true, message: t('auth.validation.confirmRequired') },
          {
            min: confirmMinLength,
            message: t('auth.validation.confirmMinLength', { count: confirmMinLength }),
          },
          ({ getFieldValue }) => ({
            validator: (_rule, value: string | undefined) =>
              !value || value === getFieldValue('password')
                ? Promise.resolve()
                : Promise.reject(new Error(t('serverMessages.passwordsDoNotMatch'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" data-testid={`${testIdPrefix}-confirm`} />
      </Form.Item>
    </>
  );
}
