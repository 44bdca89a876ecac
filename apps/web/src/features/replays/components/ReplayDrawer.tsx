import type { ReplayProgressData, ReplayResponse } from '@parley/contracts';
import { skipToken } from '@reduxjs/toolkit/query';
import { Alert, Drawer, Empty, Flex, Progress, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../language';
import { useRealtimeEvent } from '../../realtime';
import { useGetReplayQuery } from '../api';
import { ReplayResultCard } from './ReplayResultCard';

/** A safety net under the /ws progress events: a missed one would leave the drawer waiting. */
const POLL_MS = 5000;

const ended = (replay: ReplayResponse | undefined) =>
  replay?.status === 'done' || replay?.status === 'failed';

/**
 * Follows one replay: its progress as it runs (from /ws, `replay_progress`), then the messages side by side, live
 * and with the change, each with what differs; "Changed only" hides the rest.
 */
export function ReplayDrawer({ replayId, onClose }: { replayId: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { direction } = useLanguage();
  const [progress, setProgress] = useState<ReplayProgressData | null>(null);
  const [changedOnly, setChangedOnly] = useState(false);
  const [pollingInterval, setPollingInterval] = useState(POLL_MS);
  const {
    currentData: replay,
    isError,
    refetch,
  } = useGetReplayQuery(replayId ?? skipToken, { pollingInterval });
  const stopped = isError || ended(replay);
  useEffect(() => setPollingInterval(stopped ? 0 : POLL_MS), [stopped]);

  useRealtimeEvent('replay_progress', (event) => {
    const update = event.data as unknown as ReplayProgressData;
    if (update.replayId !== replayId) return;
    setProgress(update);
    if (update.status === 'done' || update.status === 'failed') void refetch();
  });

  const current = progress?.replayId === replayId ? progress : null;
  const done = Math.max(current?.done ?? 0, replay?.done ?? 0);
  const total = Math.max(current?.total ?? 0, replay?.total ?? 0);
  const results = replay?.status === 'done' ? replay.results : [];
  const changed = results.filter((result) => result.differences.length > 0);
  const shown = changedOnly ? changed : results;

  return (
    <Drawer
      open={replayId !== null}
      onClose={onClose}
      placement={direction === 'rtl' ? 'left' : 'right'}
      size="min(960px, 100vw)"
      title={t('replay.title')}
      destroyOnHidden
      data-testid="replay-drawer"
    >
      <Flex vertical gap="middle">
        <Typography.Text type="secondary">{t('replay.intro')}</Typography.Text>
        {isError || replay?.status === 'failed' ? (
          <Alert type="error" showIcon title={t('replay.failed')} data-testid="replay-failed" />
        ) : replay?.status !== 'done' ? (
          <Flex vertical gap={4} data-testid="replay-progress">
            <Typography.Text>
              {total === 0 ? t('replay.queued') : t('replay.progress', { done, total })}
            </Typography.Text>
            <Progress percent={total === 0 ? 0 : Math.round((done / total) * 100)} status="active" />
          </Flex>
        ) : results.length === 0 ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t('replay.empty')}
            data-testid="replay-empty"
          />
        ) : (
          <>
            <Flex justify="space-between" align="center" gap="small" wrap>
              <Typography.Text strong data-testid="replay-summary">
                {t('replay.summary', { changed: changed.length, total: results.length })}
              </Typography.Text>
              <Flex gap="small" align="center">
                <Switch
                  size="small"
                  checked={changedOnly}
                  onChange={setChangedOnly}
                  aria-labelledby="replay-changed-only"
                  data-testid="replay-changed-only"
                />
                <Typography.Text id="replay-changed-only">{t('replay.changedOnly')}</Typography.Text>
              </Flex>
            </Flex>
            {shown.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('replay.noneChanged')} />
            ) : (
              <Flex vertical gap="small" role="list" data-testid="replay-results">
                {shown.map((result, index) => (
                  <ReplayResultCard key={`${result.source}-${index}`} result={result} />
                ))}
              </Flex>
            )}
          </>
        )}
      </Flex>
    </Drawer>
  );
}
