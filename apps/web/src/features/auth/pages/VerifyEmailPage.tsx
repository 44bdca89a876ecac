import { Alert, Button, Card, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useFailureText, useServerText } from '../../../app/server-text';
import { useToast } from '../../../app/toast';
import { PageIntro } from '../../../shared/components/PageIntro';
import { PublicLayout } from '../../../shared/components/PublicLayout';
import { useLanguage } from '../../language';
import { useResendVerificationMutation } from '../api';
import { sameOriginUrl } from '../paths';

const NEXT_STEPS = ['inbox', 'find', 'click', 'login'] as const;

/**
 * Spec 000 §2 /verify-email (query: email, verificationUrl, error). The emailed link comes back here
 * with `error=invalid-link` when it is unknown, used or expired.
 */
export default function VerifyEmailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const emailFromLink = params.get('email')?.trim() ?? '';
  const invalidLink = params.get('error') === 'invalid-link';
  const [typedEmail, setTypedEmail] = useState('');
  /** A link from a resend answer replaces the one in the address. */
  const [resentLink, setResentLink] = useState<string | null>(null);
  const verificationLink = resentLink ?? sameOriginUrl(params.get('verificationUrl'));

  const [resendVerification, { isLoading }] = useResendVerificationMutation();
  const { language } = useLanguage();
  const toast = useToast();
  const serverText = useServerText();
  const failureText = useFailureText();

  const resend = async () => {
    const email = emailFromLink || typedEmail.trim();
    if (email === '') {
      toast.error({ description: t('serverMessages.emailRequired') });
      return;
    }
    // The verification email is written in the language of the page.
    const result = await resendVerification({ email, language });
    if (result.error !== undefined) {
      toast.error({
        description: failureText(result.error, {
          failed: t('auth.verifyEmail.failed'),
          network: t('auth.verifyEmail.networkError'),
        }),
      });
      return;
    }
    toast.success({ title: t('auth.verifyEmail.resentTitle'), description: serverText(result.data.message) });
    const link = sameOriginUrl(result.data.verificationUrl);
    if (link !== null) setResentLink(link);
  };

  return (
    <PublicLayout>
      <PageIntro name="verifyEmail" />
      <Flex vertical gap="large" style={{ marginBottom: 16 }}>
        {invalidLink && (
          <Alert
            type="error"
            showIcon
            data-testid="verify-invalid-link"
            title={t('auth.verifyEmail.invalidLinkTitle')}
            description={t('auth.verifyEmail.invalidLinkDescription')}
          />
        )}
        <Typography.Text>
          {emailFromLink
            ? t('auth.verifyEmail.sentTo', { email: emailFromLink })
            : t('auth.verifyEmail.sentToYou')}
        </Typography.Text>

        {verificationLink ? (
          <Card size="small" data-testid="verify-dev-box" title={t('auth.verifyEmail.devTitle')}>
            <Typography.Paragraph type="secondary">
              {t('auth.verifyEmail.devDescription')}
            </Typography.Paragraph>
            <Button type="primary" href={verificationLink} data-testid="verify-email-now">
              {t('auth.verifyEmail.verifyNow')}
            </Button>
          </Card>
        ) : (
          <section aria-labelledby="verify-next-steps">
            <Typography.Title level={5} id="verify-next-steps">
              {t('auth.verifyEmail.nextStepsTitle')}
            </Typography.Title>
            <ol style={{ margin: 0, paddingInlineStart: 20 }}>
              {NEXT_STEPS.map((step) => (
                <li key={step}>{t(`auth.verifyEmail.nextSteps.${step}`)}</li>
              ))}
            </ol>
          </section>
        )}

        <Form
          layout="vertical"
          requiredMark={false}
          onFinish={() => void resend()}
          style={{ margin: 0 }}
          aria-label={t('auth.verifyEmail.resend')}
        >
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            {t('auth.verifyEmail.notReceived')}
          </Typography.Paragraph>
          {!emailFromLink && (
            <Form.Item label={t('auth.fields.email')} htmlFor="verify-email-address">
              <Input
                id="verify-email-address"
                type="email"
                autoComplete="email"
                value={typedEmail}
                onChange={(event) => setTypedEmail(event.target.value)}
                data-testid="verify-email-input"
              />
            </Form.Item>
          )}
          <Button htmlType="submit" block loading={isLoading} data-testid="verify-resend">
            {t('auth.verifyEmail.resend')}
          </Button>
        </Form>
      </Flex>
      <Typography.Paragraph style={{ textAlign: 'center' }}>
        <Link to="/login" data-testid="verify-login-link">
          {t('auth.backToLogin')}
        </Link>
      </Typography.Paragraph>
    </PublicLayout>
  );
}
