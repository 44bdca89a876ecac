import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import {
  DEFAULT_CURRENCY,
  formatMoney,
  type ReportFigures,
  type ReportOverviewResponse,
} from '@parley/contracts';
import { Card, Flex, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatCount, formatDuration, formatPercent } from '../../../shared/format/stat-format';
import { useLanguage } from '../../language';
import { type Change, changeOf } from '../report-format';

type Kind = 'count' | 'rate' | 'time';

type FigureKey =
  | 'conversationsStarted'
  | 'messagesIn'
  | 'messagesOut'
  | 'aiResolutionRate'
  | 'handoffRate'
  | 'firstResponseAi'
  | 'firstResponsePerson'
  | 'unansweredConversations'
  | 'leadsOpened'
  | 'convertedCustomers';

interface Figure {
  key: FigureKey;
  kind: Kind;
  /** Which way is good; null when neither is (more messages out is not better in itself). */
  better: 'up' | 'down' | null;
  read: (figures: ReportFigures) => number | null;
}

/** The overview's figures, each defined in docs/reports.md. */
const FIGURES: Figure[] = [
  { key: 'conversationsStarted', kind: 'count', better: 'up', read: (f) => f.conversationsStarted },
  { key: 'messagesIn', kind: 'count', better: 'up', read: (f) => f.messagesIn },
  { key: 'messagesOut', kind: 'count', better: null, read: (f) => f.messagesOut },
  { key: 'aiResolutionRate', kind: 'rate', better: 'up', read: (f) => f.aiResolutionRate },
  { key: 'handoffRate', kind: 'rate', better: null, read: (f) => f.handoffRate },
  { key: 'firstResponseAi', kind: 'time', better: 'down', read: (f) => f.firstResponseTime.ai.median },
  {
    key: 'firstResponsePerson',
    kind: 'time',
    better: 'down',
    read: (f) => f.firstResponseTime.person.median,
  },
  { key: 'unansweredConversations', kind: 'count', better: 'down', read: (f) => f.unansweredConversations },
  { key: 'leadsOpened', kind: 'count', better: 'up', read: (f) => f.leadsOpened },
  { key: 'convertedCustomers', kind: 'count', better: 'up', read: (f) => f.convertedCustomers },
];

/** The range's figures as cards, each with its change against the previous period of the same length. */
export function OverviewCards({
  overview,
  currency,
  loading,
}: {
  overview: ReportOverviewResponse | undefined;
  currency: string | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const format = (kind: Kind, value: number | null): string => {
    if (value === null) return '—';
    if (kind === 'rate') return formatPercent(value, language);
    if (kind === 'time') return t('reports.figures.under', { time: formatDuration(value, language) });
    return formatCount(value, language);
  };

  return (
    <Flex wrap gap="middle" data-testid="report-overview">
      {FIGURES.map((figure) => {
        const current = overview ? figure.read(overview.current) : null;
        const previous = overview ? figure.read(overview.previous) : null;
        const change = changeOf(
          current,
          previous,
          figure.kind === 'rate' ? 'points' : 'percent',
          figure.better,
        );
        return (
          <Card
            key={figure.key}
            data-testid={`report-card-${figure.key}`}
            size="small"
            style={{ flex: '1 1 160px' }}
          >
            <Statistic
              title={t(`reports.figures.${figure.key}`)}
              value={format(figure.kind, current)}
              loading={loading}
              valueRender={() => (
                <span data-testid={`report-card-${figure.key}-value`}>{format(figure.kind, current)}</span>
              )}
            />
            {overview && figure.key === 'leadsOpened' && (
              <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
                {t('reports.figures.leadsValue', {
                  value: formatMoney(overview.current.leadsValue, currency ?? DEFAULT_CURRENCY, language),
                })}
              </Typography.Text>
            )}
            {overview && <ChangeText change={change} testId={`report-card-${figure.key}-change`} />}
          </Card>
        );
      })}
    </Flex>
  );
}

/** A change against the previous period, coloured by whether it is good (docs/reports.md, "The screen"). */
export function ChangeText({ change, testId }: { change: Change; testId: string }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  if (change.kind === 'none' || change.kind === 'same') {
    return (
      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid={testId}>
        {t(`reports.change.${change.kind}`)}
      </Typography.Text>
    );
  }
  const amount =
    change.unit === 'percent'
      ? formatPercent(Math.round(change.amount * 10) / 10, language)
      : t('reports.change.points', { count: Math.round(change.amount * 10) / 10 });
  const Icon = change.kind === 'up' ? ArrowUpOutlined : ArrowDownOutlined;
  return (
    <Typography.Text
      type={change.good === null ? 'secondary' : change.good ? 'success' : 'danger'}
      style={{ fontSize: 12 }}
      data-testid={testId}
    >
      <Icon aria-hidden /> {t(`reports.change.${change.kind}`, { amount })}
    </Typography.Text>
  );
}
