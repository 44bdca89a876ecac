import { Form } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useFailureText, useServerText } from '../../../app/server-text';
import { useToast } from '../../../app/toast';
import { ButtonLink } from '../../../shared/components/ButtonLink';
import { PageIntro, PageIntroText } from '../../../shared/components/PageIntro';
import { PublicLayout } from '../../../shared/components/PublicLayout';
import { StatusPanel } from '../../../shared/components/StatusPanel';
import { useResetPasswordMutation } from '../api';
import { AuthForm } from '../components/AuthForm';
import { NewPasswordFields } from '../components/NewPasswordFields';
import { NewPasswordSubmit } from '../components/NewPasswordSubmit';

interface ResetValues {
  password: string;
  confirmPassword: string;
}

/** Spec 000 §5: on reset the confirmation needs at least 8 characters. */
const CONFIRM_MIN_LENGTH = 8;

/** How long 'Invalid Link' stays before the forgot-password form replaces it (the spec gives no figure). */
export const INVALID_LINK_REDIRECT_MS = 2000;

/**
 * Spec 000 §2 /reset-password/{token}: a form state, then a success state. `?choose=1` marks the link
 * mailed when an unverified address was signed up for again: the same form sets the first password
 * (and verifies the address), so it is worded as choosing one.
 */
export default function ResetPasswordPage() {
  const { token = '' } = useParams();
  const [searchParams] = useSearchParams();
  if (token.trim() === '') return <InvalidLink />;
  return <ResetForm token={token} choosing={searchParams.get('choose') === '1'} />;
}

function InvalidLink() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();

  useEffect(() => {
    toast.error({
      title: t('auth.resetPassword.invalidTitle'),
      description: t('auth.resetPassword.invalidDescription'),
    });
    const timer = window.setTimeout(
      () => void navigate('/forgot-password', { replace: true }),
      INVALID_LINK_REDIRECT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [toast, t, navigate]);

  return (
    <PublicLayout>
      <StatusPanel
        status="error"
        title={t('auth.resetPassword.invalidTitle')}
        description={t('auth.resetPassword.invalidDescription')}
        actions={
          <ButtonLink to="/forgot-password" type="primary" data-testid="reset-request-new-link">
            {t('auth.resetPassword.requestNewLink')}
          </ButtonLink>
        }
      />
    </PublicLayout>
  );
}

function ResetForm({ token, choosing }: { token: string; choosing: boolean }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ResetValues>();
  const [resetPassword, { isLoading, isSuccess }] = useResetPasswordMutation();
  const toast = useToast();
  const serverText = useServerText();
  const failureText = useFailureText();

  const submit = async ({ password }: ResetValues) => {
    const result = await resetPassword({ token, password });
    if (result.error !== undefined) {
      toast.error({
        description: failureText(result.error, {
          failed: t('auth.resetPassword.failed'),
          network: t('auth.resetPassword.networkError'),
        }),
      });
      return;
    }
    toast.success({ description: serverText(result.data.message) });
  };

  if (isSuccess) {
    return (
      <PublicLayout>
        <StatusPanel
          status="success"
          title={t(choosing ? 'auth.resetPassword.chooseSuccessTitle' : 'auth.resetPassword.successTitle')}
          description={t(
            choosing
              ? 'auth.resetPassword.chooseSuccessDescription'
              : 'auth.resetPassword.successDescription',
          )}
          actions={
            <ButtonLink to="/login" type="primary" data-testid="reset-continue-login">
              {t('auth.resetPassword.continueToLogin')}
            </ButtonLink>
          }
        />
      </PublicLayout>
    );
  }

  return (
    <PublicLayout>
      {choosing ? (
        <PageIntroText
          title={t('auth.resetPassword.chooseTitle')}
          description={t('auth.resetPassword.chooseDescription')}
        />
      ) : (
        <PageIntro name="resetPassword" />
      )}
      <AuthForm name="resetPassword" form={form} onFinish={(values) => void submit(values)}>
        <NewPasswordFields
          testIdPrefix="reset"
          passwordLabel={t('auth.fields.newPassword')}
          confirmMinLength={CONFIRM_MIN_LENGTH}
        />
        <NewPasswordSubmit loading={isLoading} testId="reset-submit">
          {t(choosing ? 'auth.resetPassword.chooseSubmit' : 'auth.resetPassword.submit')}
        </NewPasswordSubmit>
      </AuthForm>
    </PublicLayout>
  );
}
