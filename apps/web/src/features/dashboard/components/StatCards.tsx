import {
  ApiOutlined,
  ClockCircleOutlined,
  MessageOutlined,
  RiseOutlined,
  UserAddOutlined,
} from '@ant-design/icons';
import type { ReportFigures, StatsResponse } from '@parley/contracts';
import { Card, Flex, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useLanguage } from '../../language';
import { reportsPath } from '../../reports';
import { formatCount, formatDuration, formatPercent } from '../../../shared/format/stat-format';
import {
  type CardChange,
  cardChange,
  DASHBOARD_RANGE_DAYS,
  type DashboardOverview,
} from '../dashboard-overview';
import { CardChangeText } from './CardChangeText';

/** Spec 001 §7: the stats read zero when they cannot be fetched. */
export const NO_STATS: StatsResponse = {
  totalMessages: 0,
  newLeads: 0,
  conversionRate: 0,
  avgResponseTime: 0,
  needsHumanCount: 0,
};

interface StatCard {
  testId: string;
  title: string;
  /** What the number counts over, under it, where the title alone does not say. */
  basis?: string;
  value: string;
  icon: ReactNode;
  /** For a figure of all time: what the last 30 days added, which the change is about. */
  period?: string;
  /** Against the 30 days before; undefined where the figure has no previous period (a state, not a flow). */
  change?: CardChange;
  /** A second figure beside the first (the team's first reply beside the AI's). */
  extra?: string;
  /** A value in words ("under 20s"), a size smaller so that it keeps to one line of a narrow card. */
  wordy?: boolean;
}

/** Active Platforms (spec 001 §2): active integrations out of all the owner connected. */
export interface PlatformCount {
  active: number;
  total: number;
}

const messagesOf = (f: ReportFigures) => f.messagesIn + f.messagesOut;

/** The cards whose value is the reports overview's. */
const OVERVIEW_CARDS = new Set(['stat-new-leads', 'stat-first-reply']);

const CARD_STYLE = { flex: '1 1 170px', display: 'flex', color: 'inherit' } as const;

/** A card links to its report for members who may read the reports; for the others it is the card alone. */
function CardLink({ to, testId, children }: { to: string | null; testId: string; children: ReactNode }) {
  return to === null ? (
    <div style={CARD_STYLE}>{children}</div>
  ) : (
    <Link to={to} data-testid={testId} style={CARD_STYLE}>
      {children}
    </Link>
  );
}

/**
 * The overview's cards (issue 34 point 4), each a link to /reports for the same 30 days. Total Messages and
 * Conversion Rate are GET /api/stats' figures of all time (spec 001 §7), with what the last 30 days added and its
 * change; New Leads and First reply are the reports overview's figures of the last 30 days (the same numbers the
 * report shows) with their change against the 30 days before; Active Platforms is the integrations' present state.
 * Every figure is defined in docs/reports.md.
 */
export function StatCards({
  stats,
  platforms,
  loading,
  overview,
}: {
  stats: StatsResponse;
  platforms: PlatformCount;
  loading: boolean;
  overview: DashboardOverview;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const days = DASHBOARD_RANGE_DAYS;
  const current = overview.data?.current;
  const previous = overview.data?.previous;
  // The duration never breaks between its number and unit ("20 ث" in Arabic).
  const under = (seconds: number | null) =>
    seconds === null
      ? null
      : t('reports.figures.under', { time: formatDuration(seconds, language).replace(/ /g, '\u00a0') });
  const firstReply = current?.firstResponseTime;
  const cards: StatCard[] = [
    {
      testId: 'stat-total-messages',
      title: t('dashboard.stats.totalMessages'),
      value: formatCount(stats.totalMessages, language),
      icon: <MessageOutlined aria-hidden />,
      ...(current &&
        previous && {
          period: t('dashboard.stats.inPeriod', { value: formatCount(messagesOf(current), language), days }),
          change: cardChange(messagesOf(current), messagesOf(previous), 'percent', null),
        }),
    },
    {
      testId: 'stat-new-leads',
      title: t('dashboard.stats.newLeads'),
      basis: t('dashboard.stats.lastDays', { count: days }),
      // The overview's count, as the report shows it; the stats' (the last 30 × 24 hours) if it fails.
      value: formatCount(current?.leadsOpened ?? stats.newLeads, language),
      icon: <UserAddOutlined aria-hidden />,
      ...(current &&
        previous && { change: cardChange(current.leadsOpened, previous.leadsOpened, 'percent', 'up') }),
    },
    {
      testId: 'stat-conversion-rate',
      title: t('dashboard.stats.conversionRate'),
      basis: t('dashboard.stats.conversionBasis'),
      value: formatPercent(stats.conversionRate, language),
      icon: <RiseOutlined aria-hidden />,
      ...(current &&
        previous && {
          period: t('dashboard.stats.convertedInPeriod', {
            value: formatCount(current.convertedCustomers, language),
            days,
          }),
          change: cardChange(current.convertedCustomers, previous.convertedCustomers, 'percent', 'up'),
        }),
    },
    {
      testId: 'stat-first-reply',
      title: t('dashboard.stats.firstReply'),
      basis: t('dashboard.stats.firstReplyBasis', { days }),
      value: firstReply
        ? (under(firstReply.ai.median) ?? t('dashboard.stats.noReplies'))
        : overview.failed
          ? '—'
          : '',
      icon: <ClockCircleOutlined aria-hidden />,
      wordy: true,
      ...(firstReply &&
        previous && {
          change:
            firstReply.ai.median === null && previous.firstResponseTime.ai.median === null
              ? undefined
              : cardChange(firstReply.ai.median, previous.firstResponseTime.ai.median, 'percent', 'down'),
          ...(firstReply.person.median !== null && {
            extra: t('dashboard.stats.teamFirstReply', { time: under(firstReply.person.median) }),
          }),
        }),
    },
    {
      testId: 'stat-active-platforms',
      title: t('dashboard.stats.activePlatforms'),
      value: `${formatCount(platforms.active, language)}/${formatCount(platforms.total, language)}`,
      icon: <ApiOutlined aria-hidden />,
    },
  ];
  const to = reportsPath(overview.link);
  return (
    <Flex wrap gap="middle">
      {cards.map((card) => {
        // New Leads and First reply wait for the overview (New Leads would otherwise flip from the stats' figure).
        const cardLoading = OVERVIEW_CARDS.has(card.testId) ? overview.loading : loading;
        return (
          <CardLink key={card.testId} to={overview.allowed ? to : null} testId={`${card.testId}-link`}>
            {/* A narrower padding than antd's 24 px: five cards share a row at 1280 px, and "under 20s" fits. */}
            <Card
              hoverable
              data-testid={card.testId}
              style={{ width: '100%' }}
              styles={{ body: { padding: 16 } }}
            >
              <Statistic
                title={card.title}
                value={card.value}
                prefix={card.icon}
                loading={cardLoading}
                styles={card.wordy ? { content: { fontSize: 20 } } : undefined}
                valueRender={() => <span data-testid={`${card.testId}-value`}>{card.value}</span>}
              />
              <Flex vertical gap={2}>
                {card.basis && (
                  <Typography.Text
                    type="secondary"
                    style={{ fontSize: 12 }}
                    data-testid={`${card.testId}-basis`}
                  >
                    {card.basis}
                  </Typography.Text>
                )}
                {card.extra && (
                  <Typography.Text style={{ fontSize: 12 }} data-testid={`${card.testId}-extra`}>
                    {card.extra}
                  </Typography.Text>
                )}
                {card.period && (
                  <Typography.Text style={{ fontSize: 12 }} data-testid={`${card.testId}-period`}>
                    {card.period}
                  </Typography.Text>
                )}
                {card.change && <CardChangeText change={card.change} testId={`${card.testId}-change`} />}
              </Flex>
            </Card>
          </CardLink>
        );
      })}
    </Flex>
  );
}
