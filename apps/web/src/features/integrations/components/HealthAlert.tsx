import {
  type ChannelHealthProblem,
  type ChannelHealthResponse,
  HEALTH_FAILURES_IN_ROW,
  type Platform,
} from '@parley/contracts';
import { Alert, Flex } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlatformName } from '../../../shared/hooks/use-platform-name';
import { ReconnectLink } from './ReconnectLink';

/** Each problem of a degraded channel in the reader's language. */
export function useHealthProblemText(): (platform: Platform, problem: ChannelHealthProblem) => string {
  const { t } = useTranslation();
  const platformName = usePlatformName();
  return useCallback(
    (platform: Platform, problem: ChannelHealthProblem) =>
      t(`integrations.health.problems.${problem}`, {
        platform: platformName(platform),
        count: HEALTH_FAILURES_IN_ROW,
      }),
    [t, platformName],
  );
}

/**
 * A degraded channel (docs/channels.md, "Health"): why, in the reader's words, and Reconnect (connecting
 * again renews the access and the subscription). Nothing while the channel is healthy.
 */
export function HealthAlert({
  platform,
  health,
  reconnect = true,
}: {
  platform: Platform;
  health: ChannelHealthResponse;
  /** Offer Reconnect in the alert (false where the page offers it already). */
  reconnect?: boolean;
}) {
  const { t } = useTranslation();
  const name = usePlatformName()(platform);
  const problemText = useHealthProblemText();
  if (health.state !== 'degraded') return null;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="health-alert"
      title={t('integrations.health.alertTitle', { platform: name })}
      description={
        <Flex vertical gap="small">
          <ul style={{ margin: 0, paddingInlineStart: 20 }}>
            {health.problems.map((problem) => (
              <li key={problem} data-testid="health-problem" data-problem={problem}>
                {problemText(platform, problem)}
              </li>
            ))}
          </ul>
          <span>{t('integrations.health.alertAction')}</span>
          {reconnect && (
            <Flex>
              <ReconnectLink platform={platform} size="small" />
            </Flex>
          )}
        </Flex>
      }
    />
  );
}
