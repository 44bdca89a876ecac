import { Button, Card, Flex, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../shared/components/EmptyState';
import { SkeletonRows } from '../../../shared/components/SkeletonRows';
import { useDateTimeText } from '../../../shared/hooks/use-date-time';
import { useGetAuditLogInfiniteQuery } from '../api';
import { type AuditDetail, auditWords } from '../audit-words';
import type { AuditEntry } from '../team-types';

/**
 * Activity (owners and admins): who changed what in the workspace, newest first, in words, with the changed
 * fields before → after; Load more asks for the next page (docs/teams.md, "Audit log").
 */
export function ActivityCard() {
  const { t } = useTranslation();
  const feed = useGetAuditLogInfiniteQuery();
  const entries = feed.data?.pages.flatMap((page) => page.items) ?? [];

  const body = () => {
    if (feed.isLoading) return <SkeletonRows testId="team-activity-skeleton" />;
    if (feed.isError && entries.length === 0)
      return (
        <EmptyState
          testId="team-activity-error"
          title={t('team.activity.loadFailed')}
          hint={t('common.tryAgainLater')}
        />
      );
    if (entries.length === 0)
      return (
        <EmptyState
          testId="team-activity-empty"
          title={t('team.activity.empty')}
          hint={t('team.activity.emptyHint')}
        />
      );
    return (
      <Flex
        vertical
        gap="middle"
        role="list"
        aria-label={t('team.activity.title')}
        data-testid="team-activity"
      >
        {entries.map((entry) => (
          <ActivityRow key={entry.id} entry={entry} />
        ))}
        {feed.hasNextPage && (
          <Button
            data-testid="team-activity-load-more"
            loading={feed.isFetchingNextPage}
            onClick={() => void feed.fetchNextPage()}
            style={{ alignSelf: 'center' }}
          >
            {t('common.loadMore')}
          </Button>
        )}
      </Flex>
    );
  };

  return (
    <Card title={t('team.activity.title')} data-testid="team-activity-card">
      {body()}
    </Card>
  );
}

function ActivityRow({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const dateTimeText = useDateTimeText();
  const { sentence, details } = auditWords(entry, t, dateTimeText);
  return (
    <Flex
      vertical
      gap={2}
      role="listitem"
      data-testid="team-activity-entry"
      data-action={entry.action}
      style={{ borderBlockEnd: `1px solid ${token.colorBorderSecondary}`, paddingBlockEnd: token.paddingXS }}
    >
      <Typography.Text data-testid="team-activity-sentence">{sentence}</Typography.Text>
      {details.map((detail) => (
        <DetailLine key={detail.field} detail={detail} />
      ))}
      <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
        <time dateTime={entry.at}>{dateTimeText(entry.at)}</time>
      </Typography.Text>
    </Flex>
  );
}

/** "Response style: Professional → Friendly"; each value isolated (bdi) so a Latin value reads right in Arabic. */
function DetailLine({ detail }: { detail: AuditDetail }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const style = { fontSize: token.fontSizeSM };
  if (detail.changedOnly)
    return (
      <Typography.Text type="secondary" style={style} data-testid="team-activity-detail">
        {t('team.activity.changed', { field: detail.field })}
      </Typography.Text>
    );
  const arrow = t('team.activity.arrow');
  return (
    <Typography.Text type="secondary" style={style} data-testid="team-activity-detail">
      <bdi>{detail.field}</bdi>
      {': '}
      {detail.before !== undefined && <bdi>{detail.before}</bdi>}
      {detail.before !== undefined && detail.after !== undefined && ` ${arrow} `}
      {detail.after !== undefined && <bdi>{detail.after}</bdi>}
    </Typography.Text>
  );
}
