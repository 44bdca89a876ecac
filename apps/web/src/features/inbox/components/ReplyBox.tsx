import { SendOutlined } from '@ant-design/icons';
import { FIELD_LIMITS } from '@parley/contracts';
import { Button, Flex, Input, theme } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { type KeyboardEvent, type ReactNode, type RefObject, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, isRefusal } from '../../../app/api-error';
import { useFailureText } from '../../../app/server-text';
import { useKeepNoticesAbove, useToast } from '../../../app/toast';
import { OWN_DIRECTION } from '../../../shared/components/UserText';
import { useLanguage } from '../../language';
import { useReplyToCustomerMutation } from '../../messages/api';

interface ReplyBoxProps {
  customerId: string;
  /** Meta's window allows no message from a person now (the notice above says why). */
  blocked: boolean;
  inputRef: RefObject<TextAreaRef | null>;
  /** Another way to write, before the box (a WhatsApp customer's Send a template). */
  before?: ReactNode;
  /** Each change of the text (the others are told this member is replying). */
  onTyping?: () => void;
}

/**
 * A manual reply (POST /api/messages/reply): Enter sends, Shift+Enter starts a new line, as in the test
 * chat. A sent reply shows in the thread with where it got (queued, sent, delivered, or not delivered to a
 * customer who cannot be reached), as a chat does: no toast that would cover this box. A failure is a toast,
 * and every notice keeps above the box.
 */
export function ReplyBox({ customerId, blocked, inputRef, before, onTyping }: ReplyBoxProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const toast = useToast();
  const failureText = useFailureText();
  const { direction } = useLanguage();
  const [content, setContent] = useState('');
  const [reply, { isLoading }] = useReplyToCustomerMutation();
  const box = useRef<HTMLDivElement>(null);
  useKeepNoticesAbove(box);

  const send = async () => {
    const text = content.trim();
    if (text === '' || isLoading || blocked) return;
    try {
      await reply({ customerId, content: text }).unwrap();
    } catch (error) {
      // A refusal (outside Meta's window, not reachable) says why; anything else is a plain failure.
      const failed = t('messages.thread.failed');
      const refused = isRefusal(error as ApiError);
      toast.error({
        description: refused ? failureText(error as ApiError, { failed, network: failed }) : failed,
      });
      return;
    }
    setContent('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  };

  return (
    <Flex
      ref={box}
      data-testid="thread-reply"
      gap="small"
      align="end"
      style={{ padding: 12, borderTop: `1px solid ${token.colorSplit}` }}
    >
      {before}
      <Input.TextArea
        data-testid="thread-reply-input"
        dir="auto"
        style={OWN_DIRECTION}
        aria-label={t('messages.thread.replyLabel')}
        placeholder={t('inbox.reply.placeholder')}
        value={content}
        onChange={(event) => {
          setContent(event.target.value);
          onTyping?.();
        }}
        onKeyDown={onKeyDown}
        maxLength={FIELD_LIMITS.messageContent}
        // Two lines: room for the hint (Enter sends, Shift+Enter adds a line) in the placeholder.
        autoSize={{ minRows: 2, maxRows: 6 }}
        disabled={blocked}
        ref={inputRef}
      />
      <Button
        type="primary"
        // The arrow points the way the text runs: to the left in Arabic.
        icon={<SendOutlined aria-hidden rotate={direction === 'rtl' ? 180 : 0} />}
        data-testid="thread-reply-send"
        aria-label={t('messages.thread.send')}
        loading={isLoading}
        disabled={blocked || content.trim() === ''}
        onClick={() => void send()}
      />
    </Flex>
  );
}
