import { Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LanguageSwitch } from '../../features/language';

/** The frame of the signed-out pages other than landing: brand, language switch and a centred card. */
export function PublicLayout({ children, width = 440 }: { children: ReactNode; width?: number }) {
  const { t } = useTranslation();
  return (
    <Flex vertical align="center" justify="center" gap="large" style={{ minHeight: '100vh', padding: 24 }}>
      <Flex justify="space-between" align="center" style={{ width: '100%', maxWidth: width }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          <Link to="/">{t('common.appName')}</Link>
        </Typography.Title>
        <LanguageSwitch />
      </Flex>
      <Card style={{ width: '100%', maxWidth: width }}>
        {children}
        {/* A block of its own, so it never sits flush under a form's submit button. */}
        <div style={{ marginTop: 16 }}>
          <Link to="/">{t('common.backHome')}</Link>
        </div>
      </Card>
    </Flex>
  );
}
