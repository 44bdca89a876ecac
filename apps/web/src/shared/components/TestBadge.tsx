import { ExperimentOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * "Test" beside anything the simulator made (a customer, their messages, conversation and leads); nothing
 * for real data. One line per screen: `<TestBadge isTest={customer.isTest} />`.
 */
export function TestBadge({ isTest }: { isTest: boolean | undefined }) {
  const { t } = useTranslation();
  if (!isTest) return null;
  return (
    <Tag
      color="purple"
      icon={<ExperimentOutlined aria-hidden />}
      data-testid="test-badge"
      title={t('testData.badgeHint')}
      style={{ marginInlineEnd: 0, flexShrink: 0 }}
    >
      {t('testData.badge')}
    </Tag>
  );
}
