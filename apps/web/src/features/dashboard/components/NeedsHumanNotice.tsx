import { UserOutlined } from '@ant-design/icons';
import { Alert, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../shared/components/ButtonLink';

/**
 * Issue #18: the customer messages the agent could not answer from what the owner taught, and no person
 * has answered since (`StatsResponse.needsHumanCount`). Shown only when there are some.
 */
export function NeedsHumanNotice({ count }: { count: number }) {
  const { t } = useTranslation();
  if (count <= 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      icon={<UserOutlined aria-hidden />}
      data-testid="dashboard-needs-human"
      title={t('dashboard.needsHuman.title', { count })}
      description={
        // The buttons go under the text: beside it they squeezed it into a narrow column on a phone.
        <Flex vertical gap="small" align="start">
          {t('dashboard.needsHuman.description')}
          <Flex gap="small" wrap>
            <ButtonLink to="/messages" size="small" data-testid="dashboard-needs-human-messages">
              {t('dashboard.needsHuman.viewMessages')}
            </ButtonLink>
            <ButtonLink
              to="/ai-training?tab=knowledge"
              size="small"
              data-testid="dashboard-needs-human-teach"
            >
              {t('dashboard.needsHuman.teach')}
            </ButtonLink>
          </Flex>
        </Flex>
      }
    />
  );
}
