import { Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { showFieldError } from '../../../app/form-errors';
import { useFailureText, useServerText } from '../../../app/server-text';
import { useToast } from '../../../app/toast';
import { PageIntro } from '../../../shared/components/PageIntro';
import { PublicLayout } from '../../../shared/components/PublicLayout';
import { useLanguage } from '../../language';
import { useRegisterMutation } from '../api';
import { AuthForm } from '../components/AuthForm';
import { EmailField } from '../components/EmailField';
import { NewPasswordFields } from '../components/NewPasswordFields';
import { NewPasswordSubmit } from '../components/NewPasswordSubmit';
import { verifyEmailPath } from '../paths';

interface RegisterValues {
  email: string;
  password: string;
  confirmPassword: string;
}

/** Spec 000 §5: on sign-up the confirmation needs at least 6 characters. */
const CONFIRM_MIN_LENGTH = 6;

/** Spec 000 §2 /register. */
export default function RegisterPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<RegisterValues>();
  const [register, { isLoading }] = useRegisterMutation();
  const { language } = useLanguage();
  const navigate = useNavigate();
  const toast = useToast();
  const serverText = useServerText();
  const failureText = useFailureText();

  const submit = async ({ email, password }: RegisterValues) => {
    // The verification email is written in the language of the page.
    const result = await register({ email, password, language });
    if (result.error !== undefined) {
      const description = failureText(result.error, {
        failed: t('auth.register.failed'),
        network: t('auth.register.networkError'),
      });
      toast.error({ description });
      showFieldError(form, result.error, description);
      return;
    }
    toast.success({ title: t('auth.register.successTitle'), description: serverText(result.data.message) });
    void navigate(verifyEmailPath(email, result.data.verificationUrl));
  };

  return (
    <PublicLayout>
      <PageIntro name="register" />
      <AuthForm name="register" form={form} onFinish={(values) => void submit(values)}>
        <EmailField testId="register-email" />
        <NewPasswordFields
          testIdPrefix="register"
          passwordLabel={t('auth.fields.password')}
          confirmMinLength={CONFIRM_MIN_LENGTH}
        />
        <NewPasswordSubmit loading={isLoading} testId="register-submit">
          {t('auth.register.submit')}
        </NewPasswordSubmit>
      </AuthForm>
      <Typography.Paragraph style={{ marginTop: 16, textAlign: 'center' }}>
        {t('auth.register.haveAccount')}{' '}
        <Link to="/login" data-testid="register-login-link">
          {t('auth.register.login')}
        </Link>
      </Typography.Paragraph>
    </PublicLayout>
  );
}
