import { LogoutOutlined } from '@ant-design/icons';
import { Avatar, Button, Flex, theme, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '../../auth/api';
import { useAuth } from '../../auth/auth-context';
import { LanguageSwitch } from '../../language/LanguageSwitch';
import { displayName } from '../display-name';

/** The bottom of the sidebar: who is signed in, the language switch and logout. */
export function UserPanel({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { logout } = useAuth();
  const [loggingOut, setLoggingOut] = useState(false);
  const name = displayName(user);

  const onLogout = () => {
    setLoggingOut(true);
    void logout();
  };

  return (
    <Flex vertical gap="middle" style={{ padding: 16, borderTop: `1px solid ${token.colorSplit}` }}>
      <Flex align="center" gap="small">
        <Avatar style={{ backgroundColor: token.colorPrimary, flexShrink: 0 }}>
          {name.charAt(0).toUpperCase()}
        </Avatar>
        <Typography.Text strong ellipsis={{ tooltip: user.email }}>
          {name}
        </Typography.Text>
      </Flex>
      <LanguageSwitch block />
      <Button icon={<LogoutOutlined aria-hidden />} loading={loggingOut} onClick={onLogout} block>
        {t('shell.logout')}
      </Button>
    </Flex>
  );
}
