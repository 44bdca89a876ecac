import type { CurrentUserResponse } from '@parley/contracts';
import { Flex, Layout, theme, Typography } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { Loading } from '../../../shared/components/Loading';
import { RealtimeNotifications } from '../../realtime';
import { SideNav } from './SideNav';
import { UserPanel } from './UserPanel';

/**
 * The signed-in frame: sidebar at the start side (left, or right in Arabic) and the page beside it, and the
 * tab's realtime socket with its notification popup (closed when the frame unmounts, at logout).
 */
export default function AppShell({ user }: { user: CurrentUserResponse }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();

  return (
    <Layout hasSider style={{ minHeight: '100vh' }}>
      <Layout.Sider
        theme="light"
        width={248}
        breakpoint="lg"
        collapsedWidth={0}
        style={{
          position: 'sticky',
          top: 0,
          height: '100vh',
          borderInlineEnd: `1px solid ${token.colorSplit}`,
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
      <Layout.Content style={{ padding: 32 }}>
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </Layout.Content>
    </Layout>
  );
}
