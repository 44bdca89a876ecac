import type { ForgotPasswordDto } from '@parley/contracts';
import { Button, Form, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { apiErrorMessage } from '../../../app/api-error';
import { useFailureText, useServerText } from '../../../app/server-text';
import { useToast } from '../../../app/toast';
import { ButtonLink } from '../../../shared/components/ButtonLink';
import { PageIntro } from '../../../shared/components/PageIntro';
import { PublicLayout } from '../../../shared/components/PublicLayout';
import { StatusPanel } from '../../../shared/components/StatusPanel';
import { useLanguage } from '../../language';
import { needsVerification, useForgotPasswordMutation } from '../api';
import { AuthForm } from '../components/AuthForm';
import { EmailField } from '../components/EmailField';
import { verifyEmailPath } from '../paths';
import { useDelayedNavigate } from '../use-delayed-navigate';

/** Spec 000 §4 and §9: an unverified account goes on to the verify-email screen this much later. */
export const NEEDS_VERIFICATION_REDIRECT_MS = 2000;

type ForgotValues = Pick<ForgotPasswordDto, 'email'>;

/** Spec 000 §2 /forgot-password: a form state, then a 'Check your email' state. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<ForgotValues>();
  const [forgotPassword, { isLoading }] = useForgotPasswordMutation();
  const { language } = useLanguage();
  const toast = useToast();
  const serverText = useServerText();
  const failureText = useFailureText();
  const navigateLater = useDelayedNavigate();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = async ({ email }: ForgotValues) => {
    // The reset email is written in the language of the page.
    const result = await forgotPassword({ email, language });
    if (result.error === undefined) {
      toast.success({
        title: t('auth.forgotPassword.toastTitle'),
        description: serverText(result.data.message),
      });
      setSentTo(email);
    } else if (needsVerification(result.error)) {
      toast.error({
        title: t('auth.forgotPassword.notVerifiedTitle'),
        description: serverText(apiErrorMessage(result.error, t('serverMessages.verifyBeforeReset'))),
      });
      navigateLater(verifyEmailPath(email), NEEDS_VERIFICATION_REDIRECT_MS);
    } else {
      toast.error({
        description: failureText(result.error, {
          failed: t('auth.forgotPassword.failed'),
          network: t('auth.forgotPassword.networkError'),
        }),
      });
    }
  };

  if (sentTo !== null) {
    return (
      <PublicLayout>
        <StatusPanel
          status="success"
          title={t('auth.forgotPassword.sentTitle')}
          description={t('auth.forgotPassword.sentDescription', { email: sentTo })}
          actions={
            <ButtonLink to="/login" type="primary" data-testid="forgot-back-to-login">
              {t('auth.backToLogin')}
            </ButtonLink>
          }
        />
      </PublicLayout>
    );
  }

  return (
    <PublicLayout>
      <PageIntro name="forgotPassword" />
      <AuthForm name="forgotPassword" form={form} onFinish={(values) => void submit(values)}>
        <EmailField testId="forgot-email" />
        <Button type="primary" htmlType="submit" block loading={isLoading} data-testid="forgot-submit">
          {t('auth.forgotPassword.submit')}
        </Button>
      </AuthForm>
      <Typography.Paragraph style={{ marginTop: 16, textAlign: 'center' }}>
        <Link to="/login" data-testid="forgot-login-link">
          {t('auth.backToLogin')}
        </Link>
      </Typography.Paragraph>
    </PublicLayout>
  );
}
