import type { CurrentUserResponse } from '@parley/contracts';
import { Flex, Layout, theme, Typography } from 'antd';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { Loading } from '../../../shared/components/Loading';
import { RealtimeNotifications } from '../../realtime';
import { SideNav } from './SideNav';
import { UserPanel } from './UserPanel';

/**
 * The signed-in frame: sidebar at the start side (left, or right in Arabic) and the page beside it, and the
 * tab's realtime socket with its notification popup (closed when the frame unmounts, at logout).
 * Below the `lg` breakpoint the sidebar is a drawer over the page, opened by its trigger at the top and
 * closed again when the user picks a page, so the page keeps the whole width of a phone.
 */
export default function AppShell({ user }: { user: CurrentUserResponse }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { pathname } = useLocation();
  const [narrow, setNarrow] = useState(false);
  const [collapsed, setCollapsed] = useState(false);

  useEffect(() => {
    if (narrow) setCollapsed(true);
  }, [pathname, narrow]);

  return (
    <Layout hasSider style={{ minHeight: '100vh' }}>
      <Layout.Sider
        theme="light"
        width={248}
        breakpoint="lg"
        collapsedWidth={0}
        collapsed={collapsed}
        onCollapse={setCollapsed}
        onBreakpoint={setNarrow}
        zeroWidthTriggerStyle={{ top: 12 }}
        style={{
          position: narrow ? 'fixed' : 'sticky',
          insetInlineStart: 0,
          top: 0,
          zIndex: narrow ? token.zIndexPopupBase : undefined,
          height: '100vh',
          borderInlineEnd: `1px solid ${token.colorSplit}`,
          boxShadow: narrow && !collapsed ? token.boxShadowSecondary : undefined,
        }}
      >
        <Flex vertical style={{ height: '100%' }}>
          <Typography.Title level={4} style={{ margin: 0, padding: '20px 24px' }}>
            {t('common.appName')}
          </Typography.Title>
          <SideNav />
          <UserPanel user={user} />
        </Flex>
      </Layout.Sider>
      <RealtimeNotifications />
      <Layout.Content style={{ padding: narrow ? '64px 16px 24px' : 32, minWidth: 0 }}>
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </Layout.Content>
    </Layout>
  );
}
