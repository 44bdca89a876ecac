import { BarChartOutlined, PauseOutlined, PlayCircleOutlined, SendOutlined } from '@ant-design/icons';
import type { CampaignResponse, CampaignStatus } from '@parley/contracts';
import { Button, Card, Flex, Progress, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDateTimeText } from '../../../shared/hooks/use-date-time';
import { OWNER_TEXT } from '../../../shared/format/owner-text';
import { useLanguage } from '../../language';
import { canSend, hasStarted, sendingPercent } from '../campaign-format';
import { RowButtons } from './RowButtons';

const STATUS_COLORS: Record<CampaignStatus, string | undefined> = {
  draft: undefined,
  scheduled: 'blue',
  sending: 'processing',
  sent: 'success',
  paused: 'warning',
};

interface CampaignCardProps {
  campaign: CampaignResponse;
  /** The campaign whose send, pause or resume is on its way. */
  busy: boolean;
  onSend: () => void;
  onPause: () => void;
  onResume: () => void;
  onPreview: () => void;
  onResults: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/**
 * One campaign: name, status, subject, when, audience; its figures (recipients, sent, opened, clicked); a
 * progress bar while it sends; Send (disabled once sent, spec 001 §4), Pause or Resume; results once it
 * has started; preview, edit, delete.
 */
export function CampaignCard({
  campaign,
  busy,
  onSend,
  onPause,
  onResume,
  onPreview,
  onResults,
  onEdit,
  onDelete,
}: CampaignCardProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const dateTime = useDateTimeText();
  const count = new Intl.NumberFormat(language);
  const { status } = campaign;
  const figures = [
    ['recipients', campaign.totalRecipients],
    ['sent', campaign.sentCount],
    ['opened', campaign.openCount],
    ['clicked', campaign.clickCount],
  ] as const;
  const when =
    status === 'sent' && campaign.sentAt
      ? t('emailMarketing.campaigns.sentAt', { time: dateTime(campaign.sentAt) })
      : campaign.scheduledAt && status === 'scheduled'
        ? t('emailMarketing.campaigns.scheduledFor', { time: dateTime(campaign.scheduledAt) })
        : null;

  return (
    <Card size="small" role="listitem" data-testid="email-campaign" data-campaign-id={campaign.id}>
      <Flex vertical gap="small">
        <Flex justify="space-between" align="start" gap="small" wrap>
          <Flex vertical gap={4} style={{ minWidth: 0, flex: '1 1 220px' }}>
            <Flex gap="small" wrap align="center">
              <Typography.Text strong style={OWNER_TEXT}>
                {campaign.name}
              </Typography.Text>
              <Tag color={STATUS_COLORS[status]} data-testid="email-campaign-status">
                {t(`emailMarketing.campaigns.status.${status}`)}
              </Tag>
            </Flex>
            <Typography.Text type="secondary" style={OWNER_TEXT} ellipsis>
              {campaign.subject}
            </Typography.Text>
            {when && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {when}
              </Typography.Text>
            )}
            <Flex gap={4} wrap align="center" data-testid="email-campaign-audience">
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('emailMarketing.campaigns.audience')}
              </Typography.Text>
              {campaign.audienceTags.length === 0 ? (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('emailMarketing.campaigns.allSubscribers')}
                </Typography.Text>
              ) : (
                campaign.audienceTags.map((tag) => (
                  <Tag key={tag} style={{ ...OWNER_TEXT, marginInlineEnd: 0 }}>
                    {tag}
                  </Tag>
                ))
              )}
            </Flex>
          </Flex>
          <RowButtons
            name={campaign.name}
            onPreview={onPreview}
            onEdit={onEdit}
            onDelete={status === 'sending' ? undefined : onDelete}
          />
        </Flex>

        {(status === 'sending' || status === 'paused') && campaign.totalRecipients > 0 && (
          <Progress
            percent={sendingPercent(campaign)}
            status={status === 'sending' ? 'active' : 'normal'}
            aria-label={t('emailMarketing.campaigns.progress', {
              sent: count.format(campaign.sentCount),
              total: count.format(campaign.totalRecipients),
            })}
            data-testid="email-campaign-progress"
          />
        )}

        <Flex justify="space-between" align="center" gap="small" wrap>
          <Flex gap="middle" wrap data-testid="email-campaign-figures">
            {figures.map(([key, value]) => (
              <Flex key={key} vertical data-testid={`email-campaign-${key}`}>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t(`emailMarketing.campaigns.figures.${key}`)}
                </Typography.Text>
                <Typography.Text strong>{count.format(value)}</Typography.Text>
              </Flex>
            ))}
          </Flex>
          <Flex gap="small" wrap>
            {hasStarted(status) && (
              <Button
                icon={<BarChartOutlined aria-hidden />}
                onClick={onResults}
                data-testid="email-campaign-results"
              >
                {t('emailMarketing.campaigns.results.open')}
              </Button>
            )}
            {status === 'paused' ? (
              <Button
                icon={<PlayCircleOutlined aria-hidden />}
                loading={busy}
                onClick={onResume}
                data-testid="email-campaign-resume"
              >
                {t('emailMarketing.campaigns.resume')}
              </Button>
            ) : (
              (status === 'sending' || status === 'scheduled') && (
                <Button
                  icon={<PauseOutlined aria-hidden />}
                  loading={busy}
                  onClick={onPause}
                  data-testid="email-campaign-pause"
                >
                  {t('emailMarketing.campaigns.pause')}
                </Button>
              )
            )}
            <Button
              type="primary"
              icon={<SendOutlined aria-hidden />}
              disabled={!canSend(status)}
              loading={busy && canSend(status)}
              onClick={onSend}
              data-testid="email-campaign-send"
            >
              {t('emailMarketing.campaigns.send')}
            </Button>
          </Flex>
        </Flex>
      </Flex>
    </Card>
  );
}
