import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RouteName } from '../../app/routes';

/** A page's title and one-line purpose, both from `routes.<name>` in the locale files. */
export function PageIntro({ name }: { name: Exclude<RouteName, 'landing'> }) {
  const { t } = useTranslation();
  return (
    <header>
      <Typography.Title level={2}>{t(`routes.${name}.title`)}</Typography.Title>
      <Typography.Paragraph type="secondary">{t(`routes.${name}.description`)}</Typography.Paragraph>
    </header>
  );
}
