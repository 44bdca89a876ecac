import { CreditCardOutlined, LogoutOutlined, WalletOutlined } from '@ant-design/icons';
import { Avatar, Button, Flex, theme, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../shared/components/ButtonLink';
import { useAuth } from '../../auth';
import { LanguageSwitch } from '../../language';
import { displayName } from '../display-name';
import { TestDataSwitch } from '../../../shared/components/TestDataSwitch';
import { roleOf, type SignedInMember, useCan } from '../../team';

/**
 * The bottom of the sidebar: who is signed in, in which workspace and with which role, the plans and billing
 * (for the role that handles them), the language switch and logout. `onNavigate` runs when a link is
 * followed (the phone's drawer closes).
 */
export function UserPanel({ user, onNavigate }: { user: SignedInMember; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { logout } = useAuth();
  const can = useCan();
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
        <Flex vertical style={{ minWidth: 0 }}>
          <Typography.Text data-testid="user-menu-name" strong ellipsis={{ tooltip: user.email }}>
            {name}
          </Typography.Text>
          <Typography.Text
            data-testid="user-menu-workspace"
            type="secondary"
            ellipsis={{ tooltip: user.workspace?.name }}
            style={{ fontSize: token.fontSizeSM }}
          >
            {user.workspace
              ? t('shell.workspaceRole', {
                  workspace: user.workspace.name,
                  role: t(`team.roles.${roleOf(user)}`),
                })
              : t(`team.roles.${roleOf(user)}`)}
          </Typography.Text>
        </Flex>
      </Flex>
      {can('manageBilling') && (
        <>
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
        </>
      )}
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
