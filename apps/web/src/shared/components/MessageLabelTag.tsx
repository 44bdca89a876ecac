import type { MessageResponse } from '@parley/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { type MessageLabel, messageLabel } from '../format/message-format';

const LABEL_COLORS: Record<MessageLabel, string> = {
  incoming: 'blue',
  aiResponse: 'purple',
  manualResponse: 'green',
};

/** Incoming, AI Response or Manual Response (spec 000 §4). */
export function MessageLabelTag({
  message,
}: {
  message: Pick<MessageResponse, 'direction' | 'aiGenerated'>;
}) {
  const { t } = useTranslation();
  const label = messageLabel(message);
  return (
    <Tag color={LABEL_COLORS[label]} data-testid="message-label" data-label={label}>
      {t(`messages.labels.${label}`)}
    </Tag>
  );
}
