import { BookOutlined, ClearOutlined, RobotOutlined, SendOutlined, UserOutlined } from '@ant-design/icons';
import { ErrorCode, FIELD_LIMITS, isIntent, type MessageAnalysis } from '@parley/contracts';
import { Avatar, Button, Card, Flex, Input, Spin, Tag, theme, Typography } from 'antd';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, apiErrorCode } from '../../../app/api-error';
import { useFailureText } from '../../../app/server-text';
import { useToast } from '../../../app/toast';
import { SavedTestCases, useSaveTestCaseMutation } from '../../replays';
import { useTestAgentMutation } from '../api';

type NewChatEntry =
  { from: 'user'; text: string } | { from: 'agent'; text: string; analysis: MessageAnalysis };
type ChatEntry = NewChatEntry & { id: number };

const SUGGESTIONS = ['hours', 'shipping', 'price', 'order'] as const;
const LEVEL_COLORS = { low: 'default', medium: 'gold', high: 'red' } as const;

/** Which toast a failed test call gets (spec 001 §8), from the answer's `code`, never its words. */
function failureKind(error: ApiError): 'limit' | 'setup' | 'other' {
  switch (apiErrorCode(error)) {
    case ErrorCode.SetupRequired:
      return 'setup';
    case ErrorCode.QuotaExceeded:
      return 'limit';
    default:
      return 'other';
  }
}

/**
 * The agent test chat (spec 001 §2 and §4): suggestion chips, Enter sends and Shift+Enter starts a new line,
 * blank input is ignored, Thinking... while the agent answers, and the answer's intent, urgency and lead
 * potential.
 */
export function TestAgentChat() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const toast = useToast();
  const failureText = useFailureText();
  const [testAgent, { isLoading }] = useTestAgentMutation();
  const [saveTestCase] = useSaveTestCaseMutation();
  const [input, setInput] = useState('');
  const [entries, setEntries] = useState<ChatEntry[]>([]);
  const nextId = useRef(0);
  const end = useRef<HTMLDivElement>(null);

  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [entries.length, isLoading]);

  const add = (entry: NewChatEntry) => {
    nextId.current += 1;
    const id = nextId.current;
    setEntries((current) => [...current, { ...entry, id }]);
  };

  const send = async (text: string) => {
    const message = text.trim();
    if (message === '' || isLoading) return;
    add({ from: 'user', text: message });
    setInput('');
    try {
      const answer = await testAgent({ message, platform: 'test' }).unwrap();
      add({
        from: 'agent',
        text: answer.response?.trim() ? answer.response : t('dashboard.testAgent.fallback'),
        analysis: answer.analysis,
      });
    } catch (error) {
      const kind = failureKind(error as ApiError);
      if (kind === 'limit') {
        toast.error({
          title: t('dashboard.testAgent.limitTitle'),
          description: t('dashboard.testAgent.limitDescription'),
        });
      } else if (kind === 'setup') {
        toast.error({
          title: t('dashboard.testAgent.setupTitle'),
          description: t('dashboard.testAgent.setupDescription'),
        });
      } else {
        const failed = t('dashboard.testAgent.errorDescription');
        toast.error({
          title: t('dashboard.testAgent.errorTitle'),
          description: failureText(error as ApiError, { failed, network: failed }),
        });
      }
    }
  };

  /** One click keeps a message the owner asked: every "Test this change" answers it again. */
  const saveCase = async (message: string) => {
    try {
      await saveTestCase({ message }).unwrap();
      toast.success({ description: t('replay.cases.saved') });
    } catch (error) {
      const failed = t('replay.cases.saveFailed');
      toast.error({ description: failureText(error as ApiError, { failed, network: failed }) });
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send(input);
  };

  return (
    <Card
      data-testid="test-agent-chat"
      // A long title (Arabic) wraps beside Clear Chat on a phone instead of being cut off.
      styles={{ title: { whiteSpace: 'normal' } }}
      title={
        <Flex gap="small" align="center">
          <RobotOutlined aria-hidden />
          {t('dashboard.testAgent.title')}
        </Flex>
      }
      extra={
        <Button
          icon={<ClearOutlined aria-hidden />}
          data-testid="test-agent-clear"
          disabled={entries.length === 0}
          onClick={() => setEntries([])}
        >
          {t('dashboard.testAgent.clear')}
        </Button>
      }
    >
      <Flex vertical gap="middle">
        <Flex gap="small" wrap align="center">
          <Typography.Text type="secondary">{t('dashboard.testAgent.suggestionsLabel')}</Typography.Text>
          {SUGGESTIONS.map((suggestion) => (
            <Button
              key={suggestion}
              size="small"
              shape="round"
              data-testid="test-agent-suggestion"
              disabled={isLoading}
              onClick={() => void send(t(`dashboard.testAgent.suggestions.${suggestion}`))}
            >
              {t(`dashboard.testAgent.suggestions.${suggestion}`)}
            </Button>
          ))}
        </Flex>

        <Flex
          vertical
          gap="middle"
          data-testid="test-agent-log"
          role="log"
          aria-live="polite"
          style={{
            minHeight: 240,
            maxHeight: 480,
            overflowY: 'auto',
            padding: 16,
            borderRadius: token.borderRadiusLG,
            background: token.colorFillQuaternary,
          }}
        >
          {entries.length === 0 && !isLoading && (
            <Typography.Text type="secondary" style={{ margin: 'auto', textAlign: 'center' }}>
              {t('dashboard.testAgent.empty')}
            </Typography.Text>
          )}
          {entries.map((entry) => (
            <ChatBubble key={entry.id} entry={entry} onSave={saveCase} />
          ))}
          {isLoading && (
            <Flex gap="small" align="center" data-testid="test-agent-thinking">
              <Spin size="small" />
              <Typography.Text type="secondary">{t('dashboard.testAgent.thinking')}</Typography.Text>
            </Flex>
          )}
          <div ref={end} />
        </Flex>

        <Flex gap="small" align="end">
          <Input.TextArea
            data-testid="test-agent-input"
            dir="auto"
            aria-label={t('dashboard.testAgent.inputLabel')}
            placeholder={t('dashboard.testAgent.placeholder')}
            value={input}
            onChange={(event) => setInput(event.target.value)}
            onKeyDown={onKeyDown}
            maxLength={FIELD_LIMITS.messageContent}
            autoSize={{ minRows: 1, maxRows: 6 }}
          />
          <Button
            type="primary"
            icon={<SendOutlined aria-hidden />}
            data-testid="test-agent-send"
            loading={isLoading}
            disabled={input.trim() === ''}
            onClick={() => void send(input)}
          >
            {t('dashboard.testAgent.send')}
          </Button>
        </Flex>
        <Typography.Text type="secondary" data-testid="test-agent-cost">
          {t('dashboard.testAgent.cost')}
        </Typography.Text>
        <SavedTestCases />
      </Flex>
    </Card>
  );
}

function ChatBubble({ entry, onSave }: { entry: ChatEntry; onSave: (message: string) => Promise<void> }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const fromUser = entry.from === 'user';
  return (
    <Flex
      gap="small"
      align="start"
      style={{ flexDirection: fromUser ? 'row-reverse' : 'row' }}
      data-testid={fromUser ? 'test-agent-user-message' : 'test-agent-reply'}
    >
      <Avatar
        size="small"
        icon={fromUser ? <UserOutlined /> : <RobotOutlined />}
        aria-label={t(fromUser ? 'dashboard.testAgent.you' : 'dashboard.testAgent.agent')}
        style={{ backgroundColor: fromUser ? token.colorPrimary : token.colorSuccess, flexShrink: 0 }}
      />
      <Flex vertical gap={6} style={{ maxWidth: '80%' }}>
        <div
          dir="auto"
          style={{
            padding: '8px 12px',
            borderRadius: token.borderRadiusLG,
            background: fromUser ? token.colorPrimary : token.colorBgContainer,
            color: fromUser ? token.colorTextLightSolid : token.colorText,
            whiteSpace: 'pre-wrap',
            unicodeBidi: 'plaintext',
          }}
        >
          {entry.text}
        </div>
        {entry.from === 'agent' && <AnalysisBadges analysis={entry.analysis} />}
        {fromUser && (
          <Button
            size="small"
            type="link"
            icon={<BookOutlined aria-hidden />}
            style={{ alignSelf: 'end', paddingInline: 0 }}
            data-testid="test-agent-save-case"
            onClick={() => void onSave(entry.text)}
          >
            {t('replay.cases.save')}
          </Button>
        )}
      </Flex>
    </Flex>
  );
}

function AnalysisBadges({ analysis }: { analysis: MessageAnalysis }) {
  const { t } = useTranslation();
  const intent = isIntent(analysis.intent)
    ? t(`dashboard.testAgent.intents.${analysis.intent}`)
    : analysis.intent;
  return (
    <Flex gap={4} wrap>
      <Tag color="blue" data-testid="test-agent-intent">
        {t('dashboard.testAgent.intent', { value: intent })}
      </Tag>
      <Tag color={LEVEL_COLORS[analysis.urgency] ?? 'default'} data-testid="test-agent-urgency">
        {t('dashboard.testAgent.urgency', { value: t(`dashboard.testAgent.levels.${analysis.urgency}`) })}
      </Tag>
      <Tag color={LEVEL_COLORS[analysis.lead_potential] ?? 'default'} data-testid="test-agent-lead-potential">
        {t('dashboard.testAgent.leadPotential', {
          value: t(`dashboard.testAgent.levels.${analysis.lead_potential}`),
        })}
      </Tag>
    </Flex>
  );
}
