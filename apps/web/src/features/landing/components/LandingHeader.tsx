import { MenuOutlined } from '@ant-design/icons';
import { Button, Drawer, Flex, theme, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../shared/components/ButtonLink';
import { PHONE_SCREEN, useMediaQuery } from '../../../shared/hooks/use-media-query';
import { LanguageSwitch, useLanguage } from '../../language';
import { CONTENT_WIDTH } from './Section';

/** The app's name, then the language switch, Log in and Sign up; on a phone these fold into a menu. */
export function LandingHeader() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const phone = useMediaQuery(PHONE_SCREEN);
  return (
    <header
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 10,
        padding: phone ? '8px 16px' : '12px 24px',
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorSplit}`,
      }}
    >
      <Flex
        justify="space-between"
        align="center"
        gap="middle"
        style={{ maxWidth: CONTENT_WIDTH, margin: '0 auto' }}
      >
        <Typography.Text strong style={{ fontSize: 22, color: token.colorPrimary }}>
          {t('common.appName')}
        </Typography.Text>
        {phone ? (
          <HeaderMenu />
        ) : (
          <Flex align="center" gap="small">
            <LanguageSwitch />
            <ButtonLink to="/login" type="text">
              {t('landing.nav.login')}
            </ButtonLink>
            <ButtonLink to="/register" type="primary">
              {t('landing.nav.register')}
            </ButtonLink>
          </Flex>
        )}
      </Flex>
    </header>
  );
}

/** The header's controls in a drawer from the end side, where they stand on a wider screen. */
function HeaderMenu() {
  const { t } = useTranslation();
  const { direction } = useLanguage();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        icon={<MenuOutlined aria-hidden />}
        aria-label={t('landing.nav.menu')}
        aria-expanded={open}
        data-testid="landing-menu-button"
        onClick={() => setOpen(true)}
      />
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        placement={direction === 'rtl' ? 'left' : 'right'}
        size={280}
        title={t('landing.nav.menu')}
      >
        <Flex vertical gap="middle">
          <ButtonLink to="/register" type="primary" block>
            {t('landing.nav.register')}
          </ButtonLink>
          <ButtonLink to="/login" block>
            {t('landing.nav.login')}
          </ButtonLink>
          <LanguageSwitch block />
        </Flex>
      </Drawer>
    </>
  );
}
