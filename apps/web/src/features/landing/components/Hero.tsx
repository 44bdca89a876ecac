import { FacebookFilled, InstagramOutlined, PlayCircleOutlined, WhatsAppOutlined } from '@ant-design/icons';
import { Button, Flex, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../shared/components/ButtonLink';
import { ProductTour } from './ProductTour';
import { Section } from './Section';

export function Hero() {
  const { t } = useTranslation();
  const [touring, setTouring] = useState(false);
  return (
    <Section>
      <Flex vertical align="center" gap="middle" style={{ textAlign: 'center' }}>
        <Tag color="blue">{t('landing.hero.badge')}</Tag>
        <Typography.Title style={{ maxWidth: 760, fontSize: 44, margin: 0 }}>
          {t('landing.hero.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ maxWidth: 640, fontSize: 18 }}>
          {t('landing.hero.subtitle')}
        </Typography.Paragraph>
        <Flex gap="middle" wrap justify="center">
          <ButtonLink to="/register" type="primary" size="large">
            {t('landing.hero.getStarted')}
          </ButtonLink>
          <Button
            size="large"
            icon={<PlayCircleOutlined aria-hidden />}
            aria-haspopup="dialog"
            data-testid="watch-demo"
            onClick={() => setTouring(true)}
          >
            {t('landing.hero.watchDemo')}
          </Button>
        </Flex>
        {/* The channels that work today (issue #29): X joins once it can be connected. */}
        <Flex gap="small" align="center" style={{ fontSize: 18 }} data-testid="landing-channels">
          <FacebookFilled aria-hidden data-channel="facebook" />
          <InstagramOutlined aria-hidden data-channel="instagram" />
          <WhatsAppOutlined aria-hidden data-channel="whatsapp" />
          <Typography.Text type="secondary">{t('landing.hero.channels')}</Typography.Text>
        </Flex>
      </Flex>
      <ProductTour open={touring} onClose={() => setTouring(false)} />
    </Section>
  );
}
