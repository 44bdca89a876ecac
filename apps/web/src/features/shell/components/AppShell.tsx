import { MenuOutlined } from '@ant-design/icons';
import type { CurrentUserResponse } from '@parley/contracts';
import { Button, Drawer, Flex, Layout, theme, Typography } from 'antd';
import { type CSSProperties, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { Loading } from '../../../shared/components/Loading';
import { NARROW_SCREEN, useMediaQuery } from '../../../shared/hooks/use-media-query';
import { useLanguage } from '../../language';
import { RealtimeNotifications } from '../../realtime';
import { SideNav } from './SideNav';
import { UserPanel } from './UserPanel';

const SIDEBAR_WIDTH = 248;
const HEADER_HEIGHT = 56;

/**
 * The signed-in frame: sidebar at the start side (left, or right in Arabic) and the page beside it, and the
 * tab's realtime socket with its notification popup (closed when the frame unmounts, at logout).
 * Below the `lg` breakpoint the page keeps the whole width: a header bar holds the menu button, and the
 * sidebar is a drawer that slides over the page from the start side and closes when the user picks a page.
 */
export default function AppShell({ user }: { user: CurrentUserResponse }) {
  const narrow = useMediaQuery(NARROW_SCREEN);
  return (
    <>
      <RealtimeNotifications />
      {narrow ? <NarrowShell user={user} /> : <WideShell user={user} />}
    </>
  );
}

function WideShell({ user }: { user: CurrentUserResponse }) {
  const { token } = theme.useToken();
  return (
    <Layout hasSider style={{ minHeight: '100vh' }}>
      <Layout.Sider
        theme="light"
        width={SIDEBAR_WIDTH}
        style={{
          position: 'sticky',
          top: 0,
          height: '100vh',
          borderInlineEnd: `1px solid ${token.colorSplit}`,
        }}
      >
        <Flex vertical style={{ height: '100%' }}>
          <AppName style={{ padding: '20px 24px' }} />
          <SideNav />
          <UserPanel user={user} />
        </Flex>
      </Layout.Sider>
      <Page padding={32} />
    </Layout>
  );
}

function NarrowShell({ user }: { user: CurrentUserResponse }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { direction } = useLanguage();
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header
        style={{
          position: 'sticky',
          top: 0,
          zIndex: token.zIndexBase + 10,
          display: 'flex',
          alignItems: 'center',
          gap: 8,
          height: HEADER_HEIGHT,
          padding: '0 12px',
          lineHeight: `${HEADER_HEIGHT}px`,
          background: token.colorBgContainer,
          borderBottom: `1px solid ${token.colorSplit}`,
        }}
      >
        <Button
          type="text"
          icon={<MenuOutlined aria-hidden />}
          aria-label={t('shell.openMenu')}
          aria-expanded={menuOpen}
          data-testid="shell-menu-button"
          onClick={() => setMenuOpen(true)}
        />
        <AppName />
      </Layout.Header>
      <Drawer
        open={menuOpen}
        onClose={closeMenu}
        placement={direction === 'rtl' ? 'right' : 'left'}
        size={SIDEBAR_WIDTH + 32}
        title={t('common.appName')}
        data-testid="shell-drawer"
        styles={{ body: { padding: 0, display: 'flex', flexDirection: 'column' } }}
      >
        <SideNav onNavigate={closeMenu} />
        <UserPanel user={user} onNavigate={closeMenu} />
      </Drawer>
      <Page padding={16} />
    </Layout>
  );
}

function AppName({ style }: { style?: CSSProperties }) {
  const { t } = useTranslation();
  return (
    <Typography.Title level={4} style={{ margin: 0, ...style }}>
      {t('common.appName')}
    </Typography.Title>
  );
}

function Page({ padding }: { padding: number }) {
  return (
    <Layout.Content style={{ padding, minWidth: 0 }}>
      <Suspense fallback={<Loading />}>
        <Outlet />
      </Suspense>
    </Layout.Content>
  );
}
