import {
  type CustomerResponse,
  isChannelPlatform,
  type MessagingWindow,
  messagingWindow,
  type WindowState,
} from '@parley/contracts';
import { Alert, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDateTimeText } from '../../../shared/hooks/use-date-time';
import { usePlatformName } from '../../../shared/hooks/use-platform-name';

/**
 * The platform's messaging window for a customer who wrote through a connected channel (docs/channels.md); null
 * for anyone else (simulated or added by hand: nothing is sent to them).
 */
export function conversationWindow(customer: CustomerResponse, now: number): MessagingWindow | null {
  if (!customer.reachable || !isChannelPlatform(customer.platform)) return null;
  return messagingWindow(customer.platform, customer.lastInboundAt, new Date(now));
}

/** Whether a person may write to the customer now (the AI may only while the window is open). */
export function personMaySend(channelWindow: MessagingWindow | null): boolean {
  return channelWindow === null || channelWindow.state === 'open' || channelWindow.state === 'human-agent';
}

/** Whether the AI leaves this customer to a person now. */
export function aiPausedNow(customer: Pick<CustomerResponse, 'aiPausedUntil'>, now: number): boolean {
  return customer.aiPausedUntil !== null && Date.parse(customer.aiPausedUntil) > now;
}

interface ConversationNoticeProps {
  customer: CustomerResponse;
  channelWindow: MessagingWindow | null;
  now: number;
}

/**
 * Above a thread: when Meta's window closes or why only a person (or only a template) may write now (X has
 * no window: the thread says so), and "AI paused until …" while a person has taken over (the thread's AI
 * switch resumes it).
 */
export function ConversationNotice({ customer, channelWindow, now }: ConversationNoticeProps) {
  const { t } = useTranslation();
  const dateTime = useDateTimeText();
  const platformName = usePlatformName();
  const pausedUntil = aiPausedNow(customer, now) ? customer.aiPausedUntil : null;

  if (channelWindow === null && pausedUntil === null) return null;

  return (
    <Flex vertical gap="small" style={{ padding: '12px 16px 0' }}>
      {channelWindow !== null && (
        <Alert
          type={channelWindow.state === 'open' ? 'info' : 'warning'}
          showIcon
          data-testid="thread-window"
          data-state={channelWindow.state}
          title={t(windowKey(channelWindow), {
            time: channelWindow.until === null ? '' : dateTime(channelWindow.until),
            platform: platformName(customer.platform),
          })}
        />
      )}
      {pausedUntil !== null && (
        <Alert
          type="warning"
          showIcon
          data-testid="thread-ai-paused"
          title={t('messages.thread.aiPaused', { time: dateTime(pausedUntil) })}
        />
      )}
    </Flex>
  );
}

/** An open window that never closes (X) says so; every other state has its own words. */
function windowKey(
  channelWindow: MessagingWindow,
): 'messages.thread.window.always' | `messages.thread.window.${WindowState}` {
  return channelWindow.state === 'open' && channelWindow.until === null
    ? 'messages.thread.window.always'
    : `messages.thread.window.${channelWindow.state}`;
}
