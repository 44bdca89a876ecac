import { CheckOutlined } from '@ant-design/icons';
import { LANDING_PLANS, type PlanResponse, planMonthlyApiCalls, type PricingPlan } from '@parley/contracts';
import { Card, Descriptions, Flex, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../language';
import { formatUsd } from '../../../shared/format/plan-format';
import { useApiCallsText } from '../../../shared/hooks/use-api-calls-text';

/**
 * What the visitor is buying: the plan, its price per month, its quota and features. Signed in, the plan
 * comes from GET /api/plans (with the quota the server enforces); a visitor sees the public catalogue.
 */
export function OrderSummary({ plan }: { plan: PricingPlan | PlanResponse }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { token } = theme.useToken();
  const apiCalls = useApiCallsText();
  const price = formatUsd(plan.monthlyPriceUsd, language);
  const features = LANDING_PLANS.find((landingPlan) => landingPlan.id === plan.id)?.features ?? [];
  // Signed in: the calls the server enforces; a visitor: the public catalogue's.
  const perMonth = 'monthlyApiCalls' in plan ? plan.monthlyApiCalls : planMonthlyApiCalls(plan.id);
  const lines = [apiCalls(perMonth), ...features.map((feature) => t(`landing.pricing.features.${feature}`))];

  return (
    <Card type="inner" title={t('checkout.summaryTitle')} style={{ height: '100%' }}>
      <Flex vertical gap="middle">
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t(`landing.pricing.plans.${plan.id}.name`)}
          </Typography.Title>
          <Typography.Text type="secondary">
            {t(`landing.pricing.plans.${plan.id}.description`)}
          </Typography.Text>
        </div>
        <div>
          <Typography.Text strong style={{ fontSize: 28 }} data-testid="checkout-price">
            {price}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ marginInlineStart: 4 }}>
            {t('landing.pricing.perMonth')}
          </Typography.Text>
        </div>
        <section aria-label={t('checkout.includes')}>
          <Flex vertical gap="small" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {lines.map((line) => (
              <li key={line}>
                <CheckOutlined style={{ color: token.colorSuccess, marginInlineEnd: 8 }} aria-hidden />
                {line}
              </li>
            ))}
          </Flex>
        </section>
        <Descriptions
          size="small"
          column={1}
          items={[
            {
              key: 'plan',
              label: t('checkout.selectedPlan'),
              children: t(`landing.pricing.plans.${plan.id}.name`),
            },
            {
              key: 'due',
              label: t('checkout.dueToday'),
              children: plan.checkout === 'contact_sales' ? t('checkout.quoteFromSales') : price,
            },
          ]}
        />
        {plan.monthlyPriceUsd > 0 && (
          <Typography.Text type="secondary">{t('checkout.billedMonthly')}</Typography.Text>
        )}
      </Flex>
    </Card>
  );
}
