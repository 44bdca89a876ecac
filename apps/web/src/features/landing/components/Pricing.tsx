import { CheckOutlined } from '@ant-design/icons';
import { LANDING_PLANS, type LandingPlan } from '@parley/contracts';
import { Badge, Card, Col, Flex, Row, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../shared/components/ButtonLink';
import { formatUsd } from '../../../shared/format/plan-format';
import { useApiCallsText } from '../../../shared/hooks/use-api-calls-text';
import { checkoutPath } from '../../../shared/links/plan-links';
import { useLanguage } from '../../language';
import { Section } from './Section';

export function Pricing() {
  const { t } = useTranslation();
  return (
    <Section id="pricing">
      <Typography.Title level={2} style={{ textAlign: 'center' }}>
        {t('landing.pricing.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ textAlign: 'center', marginBottom: 40 }}>
        {t('landing.pricing.subtitle')}
      </Typography.Paragraph>
      <Row gutter={[24, 24]}>
        {LANDING_PLANS.map((plan) => (
          <Col key={plan.id} xs={24} sm={12} lg={6}>
            <PlanCard plan={plan} />
          </Col>
        ))}
      </Row>
      <Typography.Paragraph
        type="secondary"
        style={{ textAlign: 'center', marginTop: 24 }}
        data-testid="landing-sessions-note"
      >
        {t('landing.pricing.sessionsNote')}
      </Typography.Paragraph>
    </Section>
  );
}

function PlanCard({ plan }: { plan: LandingPlan }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { token } = theme.useToken();
  const apiCalls = useApiCallsText();
  const name = t(`landing.pricing.plans.${plan.id}.name`);
  const price =
    plan.monthlyPriceUsd === null ? t('landing.pricing.custom') : formatUsd(plan.monthlyPriceUsd, language);
  const sessions =
    plan.chatSessionsPerMonth === null
      ? t('landing.pricing.unlimitedChatSessions')
      : t('landing.pricing.chatSessions', { count: plan.chatSessionsPerMonth });

  const card = (
    <Card
      style={{ height: '100%', borderColor: plan.popular ? token.colorPrimary : undefined }}
      styles={{ body: { height: '100%' } }}
    >
      <Flex vertical gap="middle" style={{ height: '100%' }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {name}
        </Typography.Title>
        <Typography.Text type="secondary">
          {t(`landing.pricing.plans.${plan.id}.description`)}
        </Typography.Text>
        <div>
          <Typography.Text strong style={{ fontSize: 36 }}>
            {price}
          </Typography.Text>
          {plan.monthlyPriceUsd !== null && (
            <Typography.Text type="secondary">{t('landing.pricing.perMonth')}</Typography.Text>
          )}
        </div>
        <Flex
          vertical
          gap="small"
          component="ul"
          style={{ listStyle: 'none', padding: 0, margin: 0, flex: 1 }}
        >
          {[
            { key: 'sessions', text: sessions },
            { key: 'allowance', text: apiCalls(plan.monthlyApiCalls) },
            ...plan.features.map((feature) => ({
              key: feature,
              text: t(`landing.pricing.features.${feature}`),
            })),
          ].map(({ key, text }) => (
            <li key={key} data-testid={`landing-${plan.id}-${key}`}>
              <CheckOutlined style={{ color: token.colorSuccess, marginInlineEnd: 8 }} aria-hidden />
              {text}
            </li>
          ))}
        </Flex>
        <ButtonLink to={checkoutPath(plan.id)} type={plan.popular ? 'primary' : 'default'} size="large" block>
          {t(`landing.pricing.plans.${plan.id}.action`)}
        </ButtonLink>
      </Flex>
    </Card>
  );

  return (
    <article aria-label={name} style={{ height: '100%' }}>
      {plan.popular ? <Badge.Ribbon text={t('landing.pricing.mostPopular')}>{card}</Badge.Ribbon> : card}
    </article>
  );
}
