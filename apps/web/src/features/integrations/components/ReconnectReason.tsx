import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Why a connection needs reconnecting (`needsReconnect`), in the small print beside its status. */
export function ReconnectReason({ testId }: { testId: string }) {
  const { t } = useTranslation();
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid={testId}>
      {t('integrations.reconnect.reason')}
    </Typography.Text>
  );
}
