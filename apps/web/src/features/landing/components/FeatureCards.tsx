import { BarChartOutlined, MessageOutlined, UserAddOutlined } from '@ant-design/icons';
import { Card, Col, Row, theme, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Section } from './Section';

type Feature = 'conversations' | 'leads' | 'analytics';

const FEATURES: readonly { id: Feature; icon: ReactNode }[] = [
  { id: 'conversations', icon: <MessageOutlined /> },
  { id: 'leads', icon: <UserAddOutlined /> },
  { id: 'analytics', icon: <BarChartOutlined /> },
];

export function FeatureCards() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Section id="features" background={token.colorFillAlter}>
      <Typography.Title level={2} style={{ textAlign: 'center', marginBottom: 40 }}>
        {t('landing.features.title')}
      </Typography.Title>
      <Row gutter={[24, 24]}>
        {FEATURES.map(({ id, icon }) => (
          <Col key={id} xs={24} md={8}>
            <Card style={{ height: '100%' }}>
              <div style={{ fontSize: 28, color: token.colorPrimary, marginBottom: 12 }} aria-hidden>
                {icon}
              </div>
              <Typography.Title level={4}>{t(`landing.features.${id}.title`)}</Typography.Title>
              <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
                {t(`landing.features.${id}.description`)}
              </Typography.Paragraph>
            </Card>
          </Col>
        ))}
      </Row>
    </Section>
  );
}
