import {
  type CustomerResponse,
  isMetaChannel,
  type MessagingWindow,
  messagingWindow,
} from '@parley/contracts';
import { Alert, Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../app/api-error';
import { useFailureText } from '../../app/server-text';
import { useToast } from '../../app/toast';
import { useUpdateConversationMutation } from '../../features/customers/api';
import { useDateTimeText } from '../hooks/use-date-time';
import { usePlatformName } from '../hooks/use-platform-name';

/**
 * Meta's messaging window for a customer who wrote through a connected channel (docs/channels.md); null
 * for anyone else (simulated or added by hand: nothing is sent to them).
 */
export function conversationWindow(customer: CustomerResponse, now: number): MessagingWindow | null {
  if (!customer.reachable || !isMetaChannel(customer.platform)) return null;
  return messagingWindow(customer.platform, customer.lastInboundAt, new Date(now));
}

/** Whether a person may write to the customer now (the AI may only while the window is open). */
export function personMaySend(channelWindow: MessagingWindow | null): boolean {
  return channelWindow === null || channelWindow.state === 'open' || channelWindow.state === 'human-agent';
}

interface ConversationNoticeProps {
  customer: CustomerResponse;
  channelWindow: MessagingWindow | null;
  now: number;
}

/**
 * Above a thread: when Meta's window closes or why only a person (or only a template) may write now, and
 * "AI paused until …" with Resume AI while a person has taken over.
 */
export function ConversationNotice({ customer, channelWindow, now }: ConversationNoticeProps) {
  const { t } = useTranslation();
  const dateTime = useDateTimeText();
  const platformName = usePlatformName();
  const toast = useToast();
  const failureText = useFailureText();
  const [update, { isLoading }] = useUpdateConversationMutation();
  const pausedUntil = customer.aiPausedUntil;
  const paused = pausedUntil !== null && Date.parse(pausedUntil) > now;

  if (channelWindow === null && !paused) return null;

  const resume = async () => {
    try {
      await update({ customerId: customer.id, aiPaused: false }).unwrap();
      toast.success({ description: t('messages.thread.resumed') });
    } catch (error) {
      const failed = t('messages.thread.resumeFailed');
      toast.error({ description: failureText(error as ApiError, { failed, network: failed }) });
    }
  };

  return (
    <Flex vertical gap="small" style={{ padding: '16px 24px 0' }}>
      {channelWindow !== null && (
        <Alert
          type={channelWindow.state === 'open' ? 'info' : 'warning'}
          showIcon
          data-testid="thread-window"
          data-state={channelWindow.state}
          title={t(`messages.thread.window.${channelWindow.state}`, {
            time: channelWindow.until === null ? '' : dateTime(channelWindow.until),
            platform: platformName(customer.platform),
          })}
        />
      )}
      {paused && (
        <Alert
          type="warning"
          showIcon
          data-testid="thread-ai-paused"
          title={
            // The button goes under the sentence when both do not fit on a line (a phone, a long language).
            <Flex align="center" justify="space-between" gap="small" wrap>
              <span style={{ flex: '1 1 220px' }}>
                {t('messages.thread.aiPaused', { time: dateTime(pausedUntil) })}
              </span>
              <Button
                size="small"
                loading={isLoading}
                data-testid="thread-resume-ai"
                onClick={() => void resume()}
              >
                {t('messages.thread.resumeAi')}
              </Button>
            </Flex>
          }
        />
      )}
    </Flex>
  );
}
