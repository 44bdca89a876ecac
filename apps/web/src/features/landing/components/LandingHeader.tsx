import { Flex, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../shared/components/ButtonLink';
import { LanguageSwitch } from '../../language';
import { CONTENT_WIDTH } from './Section';

export function LandingHeader() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <header
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 10,
        padding: '12px 24px',
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorSplit}`,
      }}
    >
      <Flex
        justify="space-between"
        align="center"
        gap="middle"
        wrap
        style={{ maxWidth: CONTENT_WIDTH, margin: '0 auto' }}
      >
        <Typography.Text strong style={{ fontSize: 22, color: token.colorPrimary }}>
          {t('common.appName')}
        </Typography.Text>
        <Flex align="center" gap="small" wrap>
          <LanguageSwitch />
          <ButtonLink to="/login" type="text">
            {t('landing.nav.login')}
          </ButtonLink>
          <ButtonLink to="/register" type="primary">
            {t('landing.nav.register')}
          </ButtonLink>
        </Flex>
      </Flex>
    </header>
  );
}
