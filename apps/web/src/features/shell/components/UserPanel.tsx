import { CreditCardOutlined, LogoutOutlined, WalletOutlined } from '@ant-design/icons';
import type { CurrentUserResponse } from '@parley/contracts';
import { Avatar, Button, Flex, theme, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../shared/components/ButtonLink';
import { useAuth } from '../../auth';
import { LanguageSwitch } from '../../language';
import { displayName } from '../display-name';
import { TestDataSwitch } from '../../../shared/components/TestDataSwitch';

/**
 * The bottom of the sidebar: who is signed in, the plans, billing, the language switch and logout.
 * `onNavigate` runs when a link is followed (the phone's drawer closes).
 */
export function UserPanel({ user, onNavigate }: { user: CurrentUserResponse; onNavigate?: () => void }) {
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
        <Avatar
          data-testid="user-menu-initial"
          style={{ backgroundColor: token.colorPrimary, flexShrink: 0 }}
        >
          {name.charAt(0).toUpperCase()}
        </Avatar>
        <Typography.Text data-testid="user-menu-name" strong ellipsis={{ tooltip: user.email }}>
          {name}
        </Typography.Text>
      </Flex>
      <ButtonLink
        to="/pricing"
        icon={<CreditCardOutlined aria-hidden />}
        data-testid="user-menu-plans"
        block
        onClick={onNavigate}
      >
        {t('shell.plans')}
      </ButtonLink>
      <ButtonLink
        to="/billing"
        icon={<WalletOutlined aria-hidden />}
        data-testid="user-menu-billing"
        block
        onClick={onNavigate}
      >
        {t('shell.billing')}
      </ButtonLink>
      <TestDataSwitch />
      <LanguageSwitch block />
      <Button
        data-testid="logout-button"
        icon={<LogoutOutlined aria-hidden />}
        loading={loggingOut}
        onClick={onLogout}
        block
      >
        {t('shell.logout')}
      </Button>
    </Flex>
  );
}
