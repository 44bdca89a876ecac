import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ButtonLink } from '../../../shared/components/ButtonLink';
import { PublicLayout } from '../../../shared/components/PublicLayout';
import { StatusPanel } from '../../../shared/components/StatusPanel';

/** Spec 000 §2 /verification-success (optional query: email), where the emailed link leads. */
export default function VerificationSuccessPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const email = params.get('email')?.trim();

  return (
    <PublicLayout>
      <StatusPanel
        status="success"
        title={t('routes.verificationSuccess.title')}
        description={
          <Flex vertical gap={4}>
            <span>{t('routes.verificationSuccess.description')}</span>
            {email && <span>{t('auth.verificationSuccess.verified', { email })}</span>}
          </Flex>
        }
        actions={
          <Flex gap="small" wrap justify="center">
            <ButtonLink to="/login" type="primary" data-testid="verification-success-login">
              {t('auth.verificationSuccess.login')}
            </ButtonLink>
            <ButtonLink to="/" data-testid="verification-success-home">
              {t('auth.verificationSuccess.home')}
            </ButtonLink>
          </Flex>
        }
      />
    </PublicLayout>
  );
}
