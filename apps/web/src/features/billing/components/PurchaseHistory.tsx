import type { PurchaseResponse } from '@parley/contracts';
import { Table, type TableColumnsType, Tag, Typography } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../shared/components/EmptyState';
import { useDateText } from '../../../shared/hooks/use-date-time';
import { useLanguage } from '../../language';

const STATUS_COLORS: Record<PurchaseResponse['status'], string> = {
  completed: 'success',
  refunded: 'default',
  pending: 'processing',
};

/** The owner's purchases, newest first (the server sends at most 50): date, item, calls, amount, status. */
export function PurchaseHistory({ purchases }: { purchases: PurchaseResponse[] }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const dateText = useDateText();

  if (purchases.length === 0) {
    return (
      <EmptyState
        testId="billing-history-empty"
        title={t('billing.history.emptyTitle')}
        hint={t('billing.history.emptyHint')}
      />
    );
  }

  const columns: TableColumnsType<PurchaseResponse> = [
    {
      key: 'date',
      title: t('billing.history.columns.date'),
      render: (_, purchase) => dateText(purchase.createdAt),
    },
    {
      key: 'item',
      title: t('billing.history.columns.item'),
      render: (_, purchase) => (
        <>
          <Typography.Text data-testid="billing-history-item">{purchase.name}</Typography.Text>{' '}
          <Tag>{t(`billing.history.kinds.${purchase.kind}`)}</Tag>
        </>
      ),
    },
    {
      key: 'calls',
      title: t('billing.history.columns.calls'),
      render: (_, purchase) =>
        purchase.apiCallsAdded === null
          ? '—'
          : new Intl.NumberFormat(language).format(purchase.apiCallsAdded),
    },
    {
      key: 'amount',
      title: t('billing.history.columns.amount'),
      render: (_, purchase) => (
        // Left to right in Arabic too, as the product prices: the currency sign stays with its number.
        <span dir="ltr" style={{ whiteSpace: 'nowrap' }}>
          {new Intl.NumberFormat(language, {
            style: 'currency',
            currency: purchase.currency.toUpperCase(),
          }).format(purchase.amountPaid)}
        </span>
      ),
    },
    {
      key: 'status',
      title: t('billing.history.columns.status'),
      render: (_, purchase) => (
        <Tag color={STATUS_COLORS[purchase.status]} data-testid="billing-history-status">
          {t(`billing.history.statuses.${purchase.status}`)}
        </Tag>
      ),
    },
  ];

  return (
    <Table<PurchaseResponse>
      data-testid="billing-history"
      rowKey="id"
      columns={columns}
      dataSource={purchases}
      pagination={false}
      scroll={{ x: 'max-content' }}
      onRow={(purchase) =>
        ({
          'data-testid': 'billing-history-row',
          'data-purchase-id': purchase.id,
        }) as HTMLAttributes<HTMLElement>
      }
    />
  );
}
