import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../shared/components/ButtonLink';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title={t('notFound.title')}
      subTitle={t('notFound.hint')}
      extra={
        <ButtonLink to="/" type="primary">
          {t('notFound.back')}
        </ButtonLink>
      }
    />
  );
}
