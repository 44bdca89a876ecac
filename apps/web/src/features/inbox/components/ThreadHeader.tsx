import { IdcardOutlined } from '@ant-design/icons';
import type { ConversationResponse, CustomerResponse } from '@parley/contracts';
import { Button, Flex, Switch, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../app/api-error';
import { useFailureText } from '../../../app/server-text';
import { useToast } from '../../../app/toast';
import { PlatformIcon } from '../../../shared/components/PlatformIcon';
import { CustomerName } from '../../../shared/components/CustomerName';
import { UserTextLine } from '../../../shared/components/UserText';
import { customerHandle } from '../../../shared/format/customer-handle';
import { usePlatformName } from '../../../shared/hooks/use-platform-name';
import { useUpdateConversationMutation } from '../api';
import { AssignMenu } from './AssignMenu';
import { BackButton } from './BackButton';
import { aiPausedNow } from './ConversationNotice';
import { TestBadge } from '../../../shared/components/TestBadge';

interface ThreadHeaderProps {
  customer: CustomerResponse;
  /** Null until the conversation is found (its open/closed state). */
  conversation: ConversationResponse | null;
  now: number;
  /** A phone: one pane at a time, with a way back to the list. */
  onBack?: () => void;
  contactOpen: boolean;
  onToggleContact: () => void;
}

/** Whose conversation it is, who it is assigned to, the AI's switch for this customer, Close / Reopen and the contact panel's toggle. */
export function ThreadHeader({
  customer,
  conversation,
  now,
  onBack,
  contactOpen,
  onToggleContact,
}: ThreadHeaderProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const toast = useToast();
  const failureText = useFailureText();
  const platformName = usePlatformName();
  const [update, { isLoading, originalArgs }] = useUpdateConversationMutation();
  const aiActive = !aiPausedNow(customer, now);
  const changing = (field: 'aiPaused' | 'closed') => isLoading && originalArgs?.[field] !== undefined;
  // The first line names an unnamed customer by their channel ("Messenger customer"): this one says plainly
  // that their name is not known, rather than the channel again under another name ("Facebook").
  const named = customer.name.trim() !== '';
  const handle = customerHandle(customer);

  const change = async (
    changes: { aiPaused: boolean } | { closed: boolean },
    done: string,
    failed: string,
  ) => {
    try {
      await update({ customerId: customer.id, ...changes }).unwrap();
    } catch (error) {
      toast.error({ description: failureText(error as ApiError, { failed, network: failed }) });
      return;
    }
    toast.success({ description: done });
  };

  const setAiActive = (active: boolean) =>
    void change(
      { aiPaused: !active },
      t(active ? 'messages.thread.resumed' : 'inbox.ai.paused'),
      t(active ? 'messages.thread.resumeFailed' : 'inbox.ai.pauseFailed'),
    );

  const setClosed = (closed: boolean) =>
    void change(
      { closed },
      t(closed ? 'inbox.state.closedDone' : 'inbox.state.reopenedDone'),
      t('inbox.state.failed'),
    );

  return (
    <Flex
      align="center"
      gap="small"
      wrap
      data-testid="thread-header"
      style={{ padding: '8px 12px', borderBottom: `1px solid ${token.colorSplit}` }}
    >
      {onBack && <BackButton label={t('inbox.backToList')} testId="thread-back" onClick={onBack} />}
      <PlatformIcon platform={customer.platform} size={36} />
      <Flex vertical style={{ flex: '1 1 140px', minWidth: 0 }}>
        <Flex align="center" gap="small" style={{ minWidth: 0 }}>
          <CustomerName
            name={customer.name}
            platform={customer.platform}
            strong
            testId="thread-customer-name"
          />
          <TestBadge isTest={customer.isTest} />
        </Flex>
        <Flex gap={4} style={{ minWidth: 0, fontSize: token.fontSizeSM }} data-testid="thread-customer-line">
          <Typography.Text type="secondary" style={{ fontSize: 'inherit', flexShrink: 0 }}>
            {named ? platformName(customer.platform) : t('inbox.thread.nameUnknown')}
            {handle && ' ·'}
          </Typography.Text>
          <UserTextLine text={handle} secondary />
        </Flex>
      </Flex>
      <Flex align="center" gap="small" wrap style={{ marginInlineStart: 'auto' }}>
        {conversation && <AssignMenu conversation={conversation} testId="thread-assign" />}
        <Flex align="center" gap={6}>
          <Switch
            size="small"
            checked={aiActive}
            loading={changing('aiPaused')}
            onChange={setAiActive}
            aria-label={t('inbox.ai.switchLabel')}
            data-testid="thread-ai-switch"
          />
          <Typography.Text data-testid="thread-ai-state" style={{ whiteSpace: 'nowrap' }}>
            {t(aiActive ? 'inbox.ai.active' : 'inbox.ai.pausedState')}
          </Typography.Text>
        </Flex>
        {conversation && (
          <Button
            size="small"
            data-testid={conversation.closed ? 'thread-reopen' : 'thread-close'}
            loading={changing('closed')}
            onClick={() => setClosed(!conversation.closed)}
          >
            {t(conversation.closed ? 'inbox.state.reopen' : 'inbox.state.close')}
          </Button>
        )}
        <Button
          size="small"
          type={contactOpen ? 'primary' : 'default'}
          icon={<IdcardOutlined aria-hidden />}
          aria-label={t('inbox.contact.toggle')}
          aria-pressed={contactOpen}
          title={t('inbox.contact.toggle')}
          data-testid="thread-contact-toggle"
          onClick={onToggleContact}
        />
      </Flex>
    </Flex>
  );
}
