import {
  CheckCircleFilled,
  ClockCircleOutlined,
  ExclamationCircleFilled,
  TrophyOutlined,
} from '@ant-design/icons';
import { isPlatform } from '@parley/contracts';
import { Card, Flex, Progress, Result, Tag, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ReconnectLink } from '../../integrations';
import { type SetupStep, setupProgress } from '../setup-checklist';

/**
 * The setup checklist (spec 001 §3); at 100 % a Setup Complete card instead. A platform Meta refuses
 * replies for is to do again, flagged Reconnect needed with Reconnect beside it; one done because another
 * channel is connected says so.
 */
export function SetupChecklist({ steps }: { steps: SetupStep[] }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const progress = setupProgress(steps);
  const completed = steps.filter((step) => step.completed).length;

  if (progress >= 100) {
    return (
      <Card data-testid="setup-complete" style={{ height: '100%' }}>
        <Result
          icon={<TrophyOutlined aria-hidden />}
          title={t('dashboard.setup.completeTitle')}
          subTitle={t('dashboard.setup.completeDescription')}
        />
      </Card>
    );
  }

  return (
    <Card title={t('dashboard.setup.title')} data-testid="setup-checklist" style={{ height: '100%' }}>
      <Flex vertical gap="middle">
        <Flex vertical gap={4}>
          <Progress
            percent={progress}
            format={(percent) => <span data-testid="setup-progress">{Math.round(percent ?? 0)}%</span>}
          />
          <Typography.Text type="secondary">
            {t('dashboard.setup.progress', { completed, count: steps.length })}
          </Typography.Text>
        </Flex>
        <Flex vertical gap="small" role="list">
          {steps.map((step) => (
            <Flex
              key={step.id}
              role="listitem"
              gap="small"
              align="center"
              data-testid="setup-step"
              data-step={step.id}
              data-completed={step.completed}
              data-needs-reconnect={step.needsReconnect ?? false}
            >
              {step.needsReconnect ? (
                <ExclamationCircleFilled
                  aria-label={t('integrations.reconnect.status')}
                  style={{ color: token.colorWarning }}
                />
              ) : step.completed ? (
                <CheckCircleFilled
                  aria-label={t('dashboard.setup.done')}
                  style={{ color: token.colorSuccess }}
                />
              ) : (
                <ClockCircleOutlined
                  aria-label={t('dashboard.setup.todo')}
                  style={{ color: token.colorTextTertiary }}
                />
              )}
              <Link to={step.path} style={{ flex: 1 }}>
                {t(`dashboard.setup.steps.${step.id}`)}
              </Link>
              {step.optional && <Tag>{t('dashboard.setup.optional')}</Tag>}
              {step.viaOtherChannel && (
                <Tag data-testid="setup-step-other-channel">{t('dashboard.setup.otherChannel')}</Tag>
              )}
              {step.needsReconnect && isPlatform(step.id) && (
                <>
                  <Tag color="warning" data-testid="setup-step-reconnect">
                    {t('integrations.reconnect.status')}
                  </Tag>
                  <ReconnectLink platform={step.id} size="small" />
                </>
              )}
            </Flex>
          ))}
        </Flex>
      </Flex>
    </Card>
  );
}
