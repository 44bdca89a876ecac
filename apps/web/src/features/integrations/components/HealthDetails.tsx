import type { ChannelHealthResponse } from '@parley/contracts';
import { Descriptions, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateText } from '../../../shared/hooks/use-date-time';
import { useNow } from '../../../shared/hooks/use-now';
import { useRelativeTimeText } from '../../../shared/hooks/use-relative-time';

/**
 * A channel's health, reason by reason (docs/channels.md, "Health"): whether the platform accepts Parley's
 * access (and until when), whether it sends the new messages, the last message in, the last reply out and
 * its error, the failures in a row, and when it was last checked. The platform's own words stay as they
 * came (in their own direction).
 */
export function HealthDetails({ health }: { health: ChannelHealthResponse }) {
  const { t } = useTranslation();
  const now = useNow();
  const timeText = useRelativeTimeText();
  const dateText = useDateText();
  const said = (text: string | null): ReactNode =>
    text === null ? null : (
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
        <bdi>{text}</bdi>
      </Typography.Text>
    );
  const token =
    health.token === 'expiring' && health.tokenExpiresAt !== null
      ? t('integrations.health.token.expiring', { date: dateText(health.tokenExpiresAt) })
      : t(`integrations.health.token.${health.token === 'expiring' ? 'valid' : health.token}`);
  const subscription = health.subscribed === null ? 'unknown' : health.subscribed ? 'present' : 'missing';
  const lastSend =
    health.lastSendAt === null
      ? t('integrations.health.lastSend.never')
      : t(`integrations.health.lastSend.${health.lastSendError === null ? 'ok' : 'failed'}`, {
          time: timeText(health.lastSendAt, now),
        });
  const rows: { key: string; label: string; value: ReactNode; bad: boolean }[] = [
    {
      key: 'token',
      label: t('integrations.health.token.label'),
      value: (
        <>
          {token}
          {said(health.tokenError)}
        </>
      ),
      bad: health.token === 'refused',
    },
    {
      key: 'subscription',
      label: t('integrations.health.subscription.label'),
      value: (
        <>
          {t(`integrations.health.subscription.${subscription}`)}
          {said(health.subscriptionError)}
        </>
      ),
      bad: health.subscribed === false,
    },
    {
      key: 'lastWebhook',
      label: t('integrations.health.lastWebhook.label'),
      value:
        health.lastWebhookAt === null
          ? t('integrations.health.lastWebhook.never')
          : timeText(health.lastWebhookAt, now),
      bad: false,
    },
    {
      key: 'lastSend',
      label: t('integrations.health.lastSend.label'),
      value: (
        <>
          {lastSend}
          {said(health.lastSendError)}
        </>
      ),
      bad: health.lastSendError !== null,
    },
    {
      key: 'failures',
      label: t('integrations.health.failures.label'),
      value: health.failuresInRow,
      bad: health.problems.includes('send_failures'),
    },
    {
      key: 'checked',
      label: t('integrations.health.checked.label'),
      value:
        health.checkedAt === null ? t('integrations.health.checked.never') : timeText(health.checkedAt, now),
      bad: false,
    },
  ];
  return (
    <Descriptions
      size="small"
      column={1}
      data-testid="health-details"
      items={rows.map((row) => ({
        key: row.key,
        label: row.label,
        children: (
          <Typography.Text type={row.bad ? 'danger' : undefined} data-testid={`health-${row.key}`}>
            {row.value}
          </Typography.Text>
        ),
      }))}
    />
  );
}
