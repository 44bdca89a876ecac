import { CheckOutlined } from '@ant-design/icons';
import type { PlanResponse } from '@parley/contracts';
import { Alert, Badge, Button, Card, Col, Flex, Row, Tag, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../shared/components/ButtonLink';
import { Loading } from '../../../shared/components/Loading';
import { PageIntro } from '../../../shared/components/PageIntro';
import { useAuth } from '../../auth';
import { useGetPlansQuery } from '../../billing';
import { useGetUsageQuery } from '../../dashboard/api';
import { formatUsd } from '../../../shared/format/plan-format';
import { checkoutPath } from '../../../shared/links/plan-links';
import { useApiCallsText } from '../../../shared/hooks/use-api-calls-text';
import { useLanguage } from '../../language';

/**
 * Choose Your Plan (spec 001 §2 and §9): the plan catalogue as the server enforces it (GET /api/plans);
 * each plan goes to its checkout. The current plan is the meter's, which follows payments live.
 */
export default function PricingPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { data: plans, isLoading, isError } = useGetPlansQuery();
  const { data: usage } = useGetUsageQuery();
  const currentPackage = usage?.currentPackage ?? user?.currentPackage;

  return (
    <>
      <PageIntro name="pricing" />
      {isLoading ? (
        <Loading />
      ) : isError || !plans ? (
        <Alert
          type="error"
          showIcon
          title={t('checkout.loadFailed')}
          description={t('common.tryAgainLater')}
        />
      ) : (
        <Flex vertical gap="middle">
          <Row gutter={[24, 24]}>
            {plans.map((plan) => (
              <Col key={plan.id} xs={24} sm={12} xl={6}>
                <PlanCard plan={plan} current={currentPackage === plan.id} />
              </Col>
            ))}
          </Row>
          <Typography.Text type="secondary" data-testid="pricing-api-call-note">
            {t('plans.apiCallNote')}
          </Typography.Text>
        </Flex>
      )}
    </>
  );
}

function PlanCard({ plan, current }: { plan: PlanResponse; current: boolean }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { token } = theme.useToken();
  const apiCalls = useApiCallsText();
  const name = t(`landing.pricing.plans.${plan.id}.name`);

  const card = (
    <Card
      style={{ height: '100%', borderColor: plan.popular ? token.colorPrimary : undefined }}
      styles={{ body: { height: '100%' } }}
    >
      <Flex vertical gap="middle" style={{ height: '100%' }}>
        <Flex align="center" gap="small" wrap>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {name}
          </Typography.Title>
          {current && <Tag color="green">{t('plans.currentPlan')}</Tag>}
        </Flex>
        <Typography.Text type="secondary">
          {t(`landing.pricing.plans.${plan.id}.description`)}
        </Typography.Text>
        <div>
          <Typography.Text strong style={{ fontSize: 32 }}>
            {formatUsd(plan.monthlyPriceUsd, language)}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ marginInlineStart: 4 }}>
            {t('landing.pricing.perMonth')}
          </Typography.Text>
        </div>
        <Typography.Text style={{ flex: 1 }} data-testid={`pricing-allowance-${plan.id}`}>
          <CheckOutlined style={{ color: token.colorSuccess, marginInlineEnd: 8 }} aria-hidden />
          {apiCalls(plan.monthlyApiCalls)}
        </Typography.Text>
        {current && plan.checkout === 'payment_link' ? (
          // Paying again for the plan that runs would only charge twice.
          <Button size="large" block disabled data-testid={`pricing-choose-${plan.id}`}>
            {t('plans.currentPlan')}
          </Button>
        ) : (
          <ButtonLink
            to={checkoutPath(plan.id)}
            type={plan.popular ? 'primary' : 'default'}
            size="large"
            block
            data-testid={`pricing-choose-${plan.id}`}
          >
            {t(`landing.pricing.plans.${plan.id}.action`)}
          </ButtonLink>
        )}
      </Flex>
    </Card>
  );

  return (
    <article aria-label={name} style={{ height: '100%' }}>
      {plan.popular ? <Badge.Ribbon text={t('landing.pricing.mostPopular')}>{card}</Badge.Ribbon> : card}
    </article>
  );
}
