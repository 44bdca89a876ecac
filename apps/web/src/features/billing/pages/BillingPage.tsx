import type { BillingOverviewResponse } from '@parley/contracts';
import { Alert, Card, Col, Descriptions, Flex, Row, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../shared/components/ButtonLink';
import { Loading } from '../../../shared/components/Loading';
import { PageIntro } from '../../../shared/components/PageIntro';
import { useDateText } from '../../../shared/hooks/use-date-time';
import { useLanguage } from '../../language';
import { useGetBillingQuery } from '../api';
import { PurchaseHistory } from '../components/PurchaseHistory';
import { RefillCard } from '../components/RefillCard';

/**
 * Billing (/billing, reached from the usage card and the sidebar's user panel): the current plan and
 * period, the allowance, the refills for sale and the purchase history. Not a sidebar entry: the spec's
 * nine stay as they are.
 */
export default function BillingPage() {
  const { t } = useTranslation();
  const { data: billing, isLoading, isError } = useGetBillingQuery();

  return (
    <>
      <PageIntro name="billing" />
      {isLoading ? (
        <Loading />
      ) : isError || !billing ? (
        <Alert
          type="error"
          showIcon
          title={t('billing.loadFailed')}
          description={t('common.tryAgainLater')}
        />
      ) : (
        <Flex vertical gap="large">
          <Row gutter={[24, 24]}>
            <Col xs={24} lg={12}>
              <CurrentPlan billing={billing} />
            </Col>
            <Col xs={24} lg={12}>
              <Allowance billing={billing} />
            </Col>
          </Row>
          <RefillCard />
          <Card title={t('billing.history.title')}>
            <PurchaseHistory purchases={billing.purchases} />
          </Card>
        </Flex>
      )}
    </>
  );
}

function CurrentPlan({ billing }: { billing: BillingOverviewResponse }) {
  const { t } = useTranslation();
  const dateText = useDateText();
  const cancelling = billing.status === 'cancelling';

  return (
    <Card title={t('billing.plan.title')} data-testid="billing-plan-card" style={{ height: '100%' }}>
      <Descriptions
        column={1}
        size="small"
        items={[
          {
            key: 'plan',
            label: t('billing.plan.plan'),
            children: <span data-testid="billing-plan">{t(`billing.packageNames.${billing.plan}`)}</span>,
          },
          {
            key: 'status',
            label: t('billing.plan.status'),
            children: (
              <Tag color={cancelling ? 'warning' : 'success'} data-testid="billing-status">
                {t(cancelling ? 'billing.plan.cancelling' : 'billing.plan.active')}
              </Tag>
            ),
          },
          {
            key: 'period',
            label: t('billing.plan.period'),
            children: (
              <span data-testid="billing-period">
                {billing.periodEnd === null
                  ? t('billing.plan.periodOpen', { start: dateText(billing.periodStart) })
                  : t('billing.plan.periodRange', {
                      start: dateText(billing.periodStart),
                      end: dateText(billing.periodEnd),
                    })}
              </span>
            ),
          },
        ]}
      />
      {cancelling && billing.periodEnd !== null && (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 16 }}
          data-testid="billing-cancelling-note"
          title={t('billing.plan.cancellingNote', { date: dateText(billing.periodEnd) })}
        />
      )}
      <ButtonLink to="/pricing" style={{ marginTop: 16 }} data-testid="billing-change-plan">
        {t('billing.plan.change')}
      </ButtonLink>
    </Card>
  );
}

function Allowance({ billing }: { billing: BillingOverviewResponse }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const count = (value: number) => new Intl.NumberFormat(language).format(value);
  const { planCalls, refillCalls, used } = billing.allowance;

  return (
    <Card
      title={t('billing.allowance.title')}
      data-testid="billing-allowance-card"
      style={{ height: '100%' }}
    >
      <Descriptions
        column={1}
        size="small"
        items={[
          {
            key: 'plan',
            label: t('billing.allowance.planCalls'),
            children: (
              <span data-testid="billing-plan-calls">
                {planCalls === null ? t('billing.allowance.unlimited') : count(planCalls)}
              </span>
            ),
          },
          {
            key: 'refill',
            label: t('billing.allowance.refillCalls'),
            children: <span data-testid="billing-refill-calls">{count(refillCalls)}</span>,
          },
          {
            key: 'used',
            label: t('billing.allowance.used'),
            children: <span data-testid="billing-used">{count(used)}</span>,
          },
        ]}
      />
    </Card>
  );
}
