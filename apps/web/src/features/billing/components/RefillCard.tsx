import { ShoppingCartOutlined } from '@ant-design/icons';
import type { UsagePackageResponse } from '@parley/contracts';
import { Alert, Button, Card, Col, Flex, Row, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../shared/components/EmptyState';
import { formatUsd } from '../../../shared/format/plan-format';
import { useLanguage } from '../../language';
import { useGetPackagesQuery } from '../api';

/**
 * Refill API Calls (spec 001 §2 and §4): the active refill packages, each bought on its hosted payment
 * page. The calls are credited by the payment webhook and carried over until used.
 */
export function RefillCard() {
  const { t } = useTranslation();
  const { data: packages, isLoading, isError } = useGetPackagesQuery();

  return (
    <Card
      data-testid="refill-card"
      title={
        <Flex gap="small" align="center">
          <ShoppingCartOutlined aria-hidden />
          {t('billing.refill.title')}
        </Flex>
      }
    >
      <Typography.Paragraph type="secondary">{t('billing.refill.description')}</Typography.Paragraph>
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : isError || !packages ? (
        <Alert type="error" showIcon title={t('billing.refill.loadFailed')} />
      ) : packages.length === 0 ? (
        <EmptyState
          testId="refill-empty"
          title={t('billing.refill.emptyTitle')}
          hint={t('billing.refill.emptyHint')}
        />
      ) : (
        <Row gutter={[16, 16]}>
          {packages.map((refill) => (
            <Col key={refill.id} xs={24} sm={12} xl={8}>
              <RefillOption refill={refill} />
            </Col>
          ))}
        </Row>
      )}
    </Card>
  );
}

function RefillOption({ refill }: { refill: UsagePackageResponse }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const cents = Number.isInteger(refill.price) ? 0 : 2;

  return (
    <Card
      type="inner"
      size="small"
      data-testid={`refill-package-${refill.id}`}
      style={{ height: '100%', borderTop: `4px solid ${refill.color}` }}
    >
      <Flex vertical gap="small">
        <Typography.Text strong>{refill.name}</Typography.Text>
        <Typography.Text>{t('billing.refill.calls', { count: refill.apiCalls })}</Typography.Text>
        <Typography.Text strong style={{ fontSize: 20 }}>
          {formatUsd(refill.price, language, cents)}
        </Typography.Text>
        {refill.paymentLink === null ? (
          <>
            <Typography.Text type="secondary" data-testid={`refill-unavailable-${refill.id}`}>
              {t('billing.refill.unavailable')}
            </Typography.Text>
            <Button block disabled>
              {t('billing.refill.buy')}
            </Button>
          </>
        ) : (
          <Button type="primary" block href={refill.paymentLink} data-testid={`refill-buy-${refill.id}`}>
            {t('billing.refill.buy')}
          </Button>
        )}
      </Flex>
    </Card>
  );
}
