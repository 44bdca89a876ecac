import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ChangeText } from '../../reports';
import type { CardChange } from '../dashboard-overview';

/** A card's change against the previous period, as the reports write it, or New when nothing came before. */
export function CardChangeText({ change, testId }: { change: CardChange; testId: string }) {
  const { t } = useTranslation();
  if (change.kind === 'new') {
    return (
      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid={testId}>
        {t('dashboard.change.new')}
      </Typography.Text>
    );
  }
  return <ChangeText change={change} testId={testId} />;
}
