import { Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, matchPath, useLocation } from 'react-router-dom';
import { sidebarRoutes, signedInRoutes } from '../../../app/routes';
import { useCan } from '../../team';

/** The sidebar's entries; `onNavigate` runs when one is picked (the phone's drawer closes). */
export function SideNav({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const can = useCan();
  const current = signedInRoutes.find((route) => matchPath(route.path, pathname));

  // The entries the member's role opens (docs/teams.md, "Roles").
  const allowed = sidebarRoutes.filter(({ permission }) => permission === undefined || can(permission));
  const items = allowed.map(({ name, path, icon }) => ({
    key: name,
    icon,
    label: <Link to={path}>{t(`routes.${name}.title`)}</Link>,
  }));

  return (
    <nav aria-label={t('shell.navigation')} style={{ flex: 1, overflowY: 'auto' }}>
      <Menu
        mode="inline"
        items={items}
        selectedKeys={current ? [current.name] : []}
        onClick={onNavigate}
        style={{ borderInlineEnd: 0 }}
      />
    </nav>
  );
}
