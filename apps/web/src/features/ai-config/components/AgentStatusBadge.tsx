import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Spec 001 §2: Active while the agent answers by itself (autoRespond), otherwise Paused. */
export function AgentStatusBadge({ autoRespond }: { autoRespond: boolean }) {
  const { t } = useTranslation();
  return (
    <Tag
      color={autoRespond ? 'success' : 'warning'}
      data-testid="ai-status-badge"
      data-active={autoRespond}
      style={{ fontSize: 14, padding: '2px 10px' }}
    >
      {t(autoRespond ? 'aiConfig.status.active' : 'aiConfig.status.paused')}
    </Tag>
  );
}
