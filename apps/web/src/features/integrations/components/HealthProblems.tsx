import type { ChannelHealthResponse, Platform } from '@parley/contracts';
import { Typography } from 'antd';
import { useHealthProblemText } from './HealthAlert';

/** A degraded channel's problems in the small print beside its status (where a whole alert does not fit). */
export function HealthProblems({
  platform,
  health,
  testId,
}: {
  platform: Platform;
  health: ChannelHealthResponse;
  testId: string;
}) {
  const problemText = useHealthProblemText();
  if (health.state !== 'degraded') return null;
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid={testId}>
      {health.problems.map((problem) => problemText(platform, problem)).join(' ')}
    </Typography.Text>
  );
}
