import { type ReplayAnswer, type ReplayDifference, type ReplayResult, isIntent } from '@parley/contracts';
import { Card, Col, Flex, Row, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { OWNER_TEXT } from '../../../shared/format/owner-text';

const DIFFERENCE_COLORS: Record<ReplayDifference, string> = {
  answer_changed: 'blue',
  classification_changed: 'purple',
  now_unknown: 'orange',
  claim_failed: 'red',
};

/** One message answered twice: what the customer wrote, the live answer and the answer with the change. */
export function ReplayResultCard({ result }: { result: ReplayResult }) {
  const { t } = useTranslation();
  return (
    <Card
      size="small"
      role="listitem"
      data-testid="replay-result"
      data-changed={result.differences.length > 0}
    >
      <Flex vertical gap="small">
        <Flex gap="small" align="center" wrap>
          <Tag>{result.source === 'test_case' ? t('replay.testCase') : result.customerName}</Tag>
          <Typography.Text strong style={OWNER_TEXT}>
            {result.message}
          </Typography.Text>
        </Flex>
        {result.expected && (
          <Typography.Text type="secondary" style={OWNER_TEXT}>
            {t('replay.expected', { text: result.expected })}
          </Typography.Text>
        )}
        <Flex gap={4} wrap data-testid="replay-differences">
          {result.differences.length === 0 ? (
            <Tag>{t('replay.same')}</Tag>
          ) : (
            result.differences.map((difference) => (
              <Tag key={difference} color={DIFFERENCE_COLORS[difference]} data-difference={difference}>
                {t(`replay.differences.${difference}`)}
              </Tag>
            ))
          )}
        </Flex>
        <Row gutter={[12, 12]}>
          <Col xs={24} md={12}>
            <AnswerColumn label={t('replay.live')} answer={result.live} testId="replay-live" />
          </Col>
          <Col xs={24} md={12}>
            <AnswerColumn label={t('replay.draft')} answer={result.draft} testId="replay-draft" />
          </Col>
        </Row>
      </Flex>
    </Card>
  );
}

function AnswerColumn({ label, answer, testId }: { label: string; answer: ReplayAnswer; testId: string }) {
  const { t } = useTranslation();
  const { intent, urgency, lead_potential: lead } = answer.analysis;
  return (
    <Flex vertical gap={4} data-testid={testId}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <Typography.Paragraph style={{ ...OWNER_TEXT, whiteSpace: 'pre-wrap', marginBottom: 0 }}>
        {answer.response}
      </Typography.Paragraph>
      <Flex gap={4} wrap>
        <Tag>
          {t('dashboard.testAgent.intent', {
            value: isIntent(intent) ? t(`dashboard.testAgent.intents.${intent}`) : intent,
          })}
        </Tag>
        <Tag>{t('dashboard.testAgent.urgency', { value: t(`dashboard.testAgent.levels.${urgency}`) })}</Tag>
        <Tag>
          {t('dashboard.testAgent.leadPotential', { value: t(`dashboard.testAgent.levels.${lead}`) })}
        </Tag>
        {answer.needsHuman && <Tag color="orange">{t('replay.needsHuman')}</Tag>}
      </Flex>
    </Flex>
  );
}
