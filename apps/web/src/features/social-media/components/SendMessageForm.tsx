import { SendOutlined } from '@ant-design/icons';
import { ErrorCode, FIELD_LIMITS, type Platform } from '@parley/contracts';
import { Alert, Button, Flex, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, apiErrorCode, apiErrorMessage } from '../../../app/api-error';
import { useFailureText } from '../../../app/server-text';
import { useToast } from '../../../app/toast';
import { usePlatformName } from '../../../shared/hooks/use-platform-name';
import { CustomerPicker } from '../../customers';
import { NoPlatformsNotice, ReconnectLink } from '../../integrations';
import { useSendMessageMutation } from '../api';

/** The refusal of a customer who never wrote through a connected channel, as the server words it. */
const NOT_REACHABLE = / did not write through a connected \w+ account/;

/**
 * Send Message (spec 001 §2, §5, §8): platform (one of those connected), recipient ID and message; a
 * customer of that platform can be picked by name instead of typing their ID (issue #29). Anything
 * missing gives the spec's one sentence; the server's refusal (not connected, outside Meta's window) is
 * shown as it says it. A connected platform whose access Meta refuses (`reconnect`) is offered but cannot be
 * chosen, since its send would fail; when no other is left, the form says why and offers Reconnect.
 */
export function SendMessageForm({
  platforms,
  reconnect,
  loading,
}: {
  platforms: readonly Platform[];
  reconnect: readonly Platform[];
  loading: boolean;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const failureText = useFailureText();
  const platformName = usePlatformName();
  const [send, { isLoading }] = useSendMessageMutation();
  const [chosenPlatform, setPlatform] = useState<Platform | undefined>(undefined);
  const [recipientId, setRecipientId] = useState('');
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const usable = platforms.filter((candidate) => !reconnect.includes(candidate));
  // The first usable platform until the owner picks one.
  const platform = chosenPlatform && usable.includes(chosenPlatform) ? chosenPlatform : usable[0];
  const noPlatforms = !loading && platforms.length === 0;
  const allNeedReconnect = !loading && platforms.length > 0 && usable.length === 0;

  /**
   * The server names the recipient and the channel in English; those two refusals are said in the user's
   * language (the ID isolated, so that it reads in one piece in Arabic). The rest as the server says them.
   */
  const refusalText = (error: ApiError, to: Platform, recipient: string) => {
    const failed = t('socialMedia.send.failed');
    const said = apiErrorMessage(error, '');
    const names = { recipientId: `\u2068${recipient}\u2069`, platform: platformName(to) };
    const code = apiErrorCode(error);
    if (code === ErrorCode.NotFound) return t('socialMedia.send.noRecipient', names);
    // messaging-service: "<name> did not write through a connected <platform> account: …" (a window
    // refusal, also a 409, is a sentence serverMessages knows and is translated as such).
    if (code === ErrorCode.Conflict && NOT_REACHABLE.test(said))
      return t('socialMedia.send.notReachable', names);
    return failureText(error, { failed, network: failed });
  };

  const submit = async () => {
    const recipient = recipientId.trim();
    const text = message.trim();
    if (!platform || recipient === '' || text === '') {
      setProblem(t('serverMessages.sendIncomplete'));
      return;
    }
    setProblem(null);
    try {
      await send({ platform, recipientId: recipient, message: text }).unwrap();
    } catch (error) {
      const reason = refusalText(error as ApiError, platform, recipient);
      setProblem(reason);
      toast.error({ title: t('socialMedia.send.failedTitle'), description: reason });
      return;
    }
    setMessage('');
    toast.success({ title: t('socialMedia.send.sentTitle'), description: t('socialMedia.send.sent') });
  };

  return (
    <Flex vertical gap="middle" data-testid="send-message" style={{ maxWidth: 640 }}>
      {noPlatforms && <NoPlatformsNotice text={t('integrations.noPlatformsToSend')} />}
      {allNeedReconnect && (
        <Alert
          type="warning"
          showIcon
          data-testid="send-message-reconnect"
          title={t('integrations.reconnect.reason')}
          description={
            <Flex vertical gap="small" style={{ marginTop: 8 }}>
              {platforms.map((name) => (
                <Flex key={name} align="center" gap="small" wrap>
                  <span>{platformName(name)}</span>
                  <ReconnectLink platform={name} size="small" />
                </Flex>
              ))}
            </Flex>
          }
        />
      )}
      <Form
        layout="vertical"
        disabled={loading || noPlatforms || allNeedReconnect}
        onFinish={() => void submit()}
        data-testid="send-message-form"
      >
        <Form.Item label={t('socialMedia.send.platform')} htmlFor="send-message-platform">
          <Select<Platform>
            id="send-message-platform"
            data-testid="send-message-platform"
            value={platform}
            onChange={setPlatform}
            placeholder={t('socialMedia.send.platformPlaceholder')}
            options={platforms.map((value) => ({
              value,
              disabled: reconnect.includes(value),
              label: reconnect.includes(value)
                ? `${platformName(value)} (${t('integrations.reconnect.status')})`
                : platformName(value),
            }))}
          />
        </Form.Item>
        <Form.Item label={t('socialMedia.send.customer')} htmlFor="send-message-customer">
          <CustomerPicker
            id="send-message-customer"
            platform={platform}
            recipientId={recipientId}
            onPick={(customer) => setRecipientId(customer.platformUsername)}
          />
        </Form.Item>
        <Form.Item
          label={t('socialMedia.send.recipientId')}
          htmlFor="send-message-recipient"
          extra={t('socialMedia.send.recipientHint')}
        >
          <Input
            id="send-message-recipient"
            data-testid="send-message-recipient"
            dir="ltr"
            value={recipientId}
            onChange={(event) => setRecipientId(event.target.value)}
            maxLength={FIELD_LIMITS.id}
          />
        </Form.Item>
        <Form.Item label={t('socialMedia.send.message')} htmlFor="send-message-text">
          <Input.TextArea
            id="send-message-text"
            data-testid="send-message-text"
            dir="auto"
            placeholder={t('socialMedia.send.messagePlaceholder')}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            maxLength={FIELD_LIMITS.messageContent}
            autoSize={{ minRows: 3, maxRows: 8 }}
          />
        </Form.Item>
        {problem !== null && (
          <Alert
            type="error"
            showIcon
            role="alert"
            data-testid="send-message-problem"
            title={<span dir="auto">{problem}</span>}
            style={{ marginBottom: 16 }}
          />
        )}
        <Button
          type="primary"
          htmlType="submit"
          icon={<SendOutlined aria-hidden />}
          loading={isLoading}
          data-testid="send-message-submit"
        >
          {t('socialMedia.send.submit')}
        </Button>
      </Form>
    </Flex>
  );
}
