import { useDroppable } from '@dnd-kit/core';
import type { CustomerResponse, CustomerStage, PipelineStageSummary } from '@parley/contracts';
import { Button, Flex, Skeleton, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCustomersFeed } from '../../customers/api';
import { StageTag } from '../../customers';
import type { BoardFilters } from '../api';
import { useMoneyText } from '../board-format';
import { PipelineCard } from './PipelineCard';

interface PipelineColumnProps {
  stage: CustomerStage;
  summary: PipelineStageSummary | undefined;
  filters: BoardFilters;
  now: number;
  /** On a phone one column nearly fills the screen and the board scrolls; else the five share the width. */
  phone: boolean;
  onValue: (customer: CustomerResponse) => void;
  onMove: (customer: CustomerResponse, stage: CustomerStage) => void;
}

/**
 * One stage: its count and its leads' value in the header, then its customers newest first, a page at a time
 * (GET /api/customers?stage=). A card dropped here moves to this stage.
 */
export function PipelineColumn({
  stage,
  summary,
  filters,
  now,
  phone,
  onValue,
  onMove,
}: PipelineColumnProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const money = useMoneyText();
  const { setNodeRef, isOver } = useDroppable({ id: stage });
  const feed = useCustomersFeed({ ...filters, stage });
  const customers = feed.data?.pages.flatMap((page) => page.items) ?? [];
  const headingId = `pipeline-column-${stage}`;
  return (
    <section
      ref={setNodeRef}
      aria-labelledby={headingId}
      data-testid="pipeline-column"
      data-stage={stage}
      style={{
        flex: phone ? '0 0 82%' : '1 1 0',
        minWidth: phone ? undefined : 176,
        scrollSnapAlign: 'start',
        display: 'flex',
        flexDirection: 'column',
        gap: 8,
        padding: 8,
        borderRadius: token.borderRadiusLG,
        background: isOver ? token.colorPrimaryBg : token.colorFillAlter,
        outline: isOver ? `2px dashed ${token.colorPrimary}` : 'none',
      }}
    >
      <Flex vertical gap={2} data-testid="pipeline-column-header">
        <Flex justify="space-between" align="center">
          <h3 id={headingId} style={{ margin: 0, fontSize: 'inherit' }}>
            <StageTag stage={stage} />
          </h3>
          <Typography.Text
            strong
            data-testid="pipeline-column-count"
            aria-label={t('pipeline.column.count', { count: summary?.count ?? 0 })}
          >
            {summary?.count ?? '–'}
          </Typography.Text>
        </Flex>
        <Typography.Text type="secondary" data-testid="pipeline-column-value">
          {t('pipeline.column.value', { value: money(summary?.value ?? 0) })}
        </Typography.Text>
      </Flex>
      <Flex vertical gap={8} style={{ maxHeight: '70vh', overflowY: 'auto', minHeight: 80 }}>
        {feed.isLoading ? (
          <Skeleton active paragraph={{ rows: 2 }} data-testid="pipeline-column-loading" />
        ) : feed.isError ? (
          <Typography.Text type="danger">{t('pipeline.column.loadFailed')}</Typography.Text>
        ) : customers.length === 0 ? (
          <Typography.Text type="secondary" data-testid="pipeline-column-empty">
            {t('pipeline.column.empty')}
          </Typography.Text>
        ) : (
          customers.map((customer) => (
            <PipelineCard key={customer.id} customer={customer} now={now} onValue={onValue} onMove={onMove} />
          ))
        )}
        {feed.hasNextPage && (
          <Button
            size="small"
            data-testid="pipeline-column-more"
            loading={feed.isFetchingNextPage}
            onClick={() => void feed.fetchNextPage()}
          >
            {t('common.loadMore')}
          </Button>
        )}
      </Flex>
    </section>
  );
}
