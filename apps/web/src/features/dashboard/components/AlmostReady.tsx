import { SettingOutlined } from '@ant-design/icons';
import { Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../shared/components/ButtonLink';
import { useCan } from '../../team';

/** Spec 001 §2: the test chat waits for the business setup. */
export function AlmostReady() {
  const { t } = useTranslation();
  const can = useCan();
  return (
    <Card data-testid="test-agent-almost-ready">
      <Result
        icon={<SettingOutlined aria-hidden />}
        title={t('dashboard.testAgent.almostReady')}
        subTitle={t('dashboard.testAgent.almostReadyHint')}
        extra={
          can('configureAi') && (
            <ButtonLink to="/business-setup" type="primary" data-testid="test-agent-complete-setup">
              {t('dashboard.testAgent.completeBusinessSetup')}
            </ButtonLink>
          )
        }
      />
    </Card>
  );
}
