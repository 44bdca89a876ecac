import type { LoginDto } from '@parley/contracts';
import { Alert, Button, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { apiErrorMessage, isNetworkError } from '../../../app/api-error';
import { useServerText } from '../../../app/server-text';
import { useToast } from '../../../app/toast';
import { PageIntro } from '../../../shared/components/PageIntro';
import { PublicLayout } from '../../../shared/components/PublicLayout';
import { needsVerification, useLoginMutation } from '../api';
import { useAuth } from '../auth-context';
import { AuthForm } from '../components/AuthForm';
import { EmailField } from '../components/EmailField';
import { verifyEmailPath } from '../paths';

/** An account whose email address is not verified yet: the server's sentence and where to verify it. */
interface Unverified {
  email: string;
  message: string;
}

/** Spec 000 §2 /login; §7 and §8 for what follows a sign-in. */
export default function LoginPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<LoginDto>();
  const [login, { isLoading }] = useLoginMutation();
  const { enterApp } = useAuth();
  const toast = useToast();
  const serverText = useServerText();
  const [unverified, setUnverified] = useState<Unverified | null>(null);
  // Where to land after signing in: an invitation's page sends its visitors here and back (issue #33).
  const [search] = useSearchParams();
  const next = search.get('next');

  const submit = async ({ email, password }: LoginDto) => {
    setUnverified(null);
    const result = await login({ email, password });
    if (result.error !== undefined) {
      // An unverified account gets the verification banner alone: the credentials were right, so the
      // spec's 'Invalid username or password' would contradict it (issue #29).
      if (needsVerification(result.error)) {
        setUnverified({
          email,
          message: apiErrorMessage(result.error, t('serverMessages.verifyBeforeLogin')),
        });
        return;
      }
      // Spec 000 §8: any other refusal reads 'Invalid username or password'; only a lost request differs.
      const network = isNetworkError(result.error);
      toast.error({
        description: network ? t('auth.login.networkError') : t('auth.login.invalidCredentials'),
      });
      return;
    }
    toast.success({ description: t('auth.login.success') });
    enterApp(next ?? undefined);
  };

  return (
    <PublicLayout>
      <PageIntro name="login" />
      {unverified && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 24 }}
          title={serverText(unverified.message)}
          description={
            <Link to={verifyEmailPath(unverified.email)} data-testid="login-verify-link">
              {t('auth.login.resendVerification')}
            </Link>
          }
        />
      )}
      <AuthForm name="login" form={form} onFinish={(values) => void submit(values)}>
        <EmailField testId="login-email" />
        <Form.Item
          name="password"
          label={t('auth.fields.password')}
          rules={[{ required: true, message: t('serverMessages.passwordRequired') }]}
        >
          <Input.Password autoComplete="current-password" data-testid="login-password" />
        </Form.Item>
        <Flex justify="end" style={{ marginTop: -8, marginBottom: 16 }}>
          <Link to="/forgot-password" data-testid="login-forgot-link">
            {t('auth.login.forgotPassword')}
          </Link>
        </Flex>
        <Button type="primary" htmlType="submit" block loading={isLoading} data-testid="login-submit">
          {t('auth.login.submit')}
        </Button>
      </AuthForm>
      <Typography.Paragraph style={{ marginTop: 16, textAlign: 'center' }}>
        {t('auth.login.noAccount')}{' '}
        <Link to="/register" data-testid="login-register-link">
          {t('auth.login.register')}
        </Link>
      </Typography.Paragraph>
    </PublicLayout>
  );
}
