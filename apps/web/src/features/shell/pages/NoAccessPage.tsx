import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../shared/components/ButtonLink';

/** A page the member's role does not open (docs/teams.md, "Roles"): said plainly, with the way back. */
export function NoAccessPage() {
  const { t } = useTranslation();
  return (
    <Result
      status="403"
      title={t('noAccess.title')}
      subTitle={t('noAccess.hint')}
      data-testid="no-access"
      extra={
        <ButtonLink to="/" type="primary">
          {t('notFound.back')}
        </ButtonLink>
      }
    />
  );
}
