import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RouteName } from '../../app/routes';

/** A page's title and one-line purpose, both from `routes.<name>` in the locale files. */
export function PageIntro({ name }: { name: Exclude<RouteName, 'landing'> }) {
  const { t } = useTranslation();
  return <PageIntroText title={t(`routes.${name}.title`)} description={t(`routes.${name}.description`)} />;
}

/** PageIntro's layout for a page state whose texts are not its route's (a variant of the page). */
export function PageIntroText({ title, description }: { title: string; description: string }) {
  return (
    <header>
      <Typography.Title level={2}>{title}</Typography.Title>
      <Typography.Paragraph type="secondary">{description}</Typography.Paragraph>
    </header>
  );
}
