import { ThunderboltOutlined } from '@ant-design/icons';
import { Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Spec 001 §2: the Automation tab says only that email automation is coming. */
export function AutomationTab() {
  const { t } = useTranslation();
  return (
    <Card data-testid="email-automation">
      <Flex vertical align="center" gap="small" style={{ paddingBlock: 24, textAlign: 'center' }}>
        <ThunderboltOutlined aria-hidden style={{ fontSize: 32 }} />
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('emailMarketing.automation.title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('emailMarketing.automation.hint')}</Typography.Text>
      </Flex>
    </Card>
  );
}
