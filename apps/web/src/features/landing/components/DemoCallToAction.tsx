import { CalendarOutlined } from '@ant-design/icons';
import { Button, Flex, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEMO_URL } from '../../../shared/links/demo';
import { Section } from './Section';

export function DemoCallToAction() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Section background={token.colorPrimaryBg}>
      <Flex vertical align="center" gap="middle" style={{ textAlign: 'center' }}>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {t('landing.cta.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ maxWidth: 560, fontSize: 16 }}>
          {t('landing.cta.subtitle')}
        </Typography.Paragraph>
        <Button
          type="primary"
          size="large"
          icon={<CalendarOutlined aria-hidden />}
          href={DEMO_URL}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t('landing.cta.scheduleDemo')}
        </Button>
      </Flex>
    </Section>
  );
}
