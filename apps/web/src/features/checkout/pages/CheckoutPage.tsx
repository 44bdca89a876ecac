import { PRICING_PLANS, type PricingPlan } from '@parley/contracts';
import { Col, Flex, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ButtonLink } from '../../../shared/components/ButtonLink';
import { PageIntro } from '../../../shared/components/PageIntro';
import { PublicLayout } from '../../../shared/components/PublicLayout';
import { StatusPanel } from '../../../shared/components/StatusPanel';
import { useAuth } from '../../auth';
import { OrderSummary } from '../components/OrderSummary';
import { PaymentPanel } from '../components/PaymentPanel';

/**
 * Spec 001 §2 /checkout?package={planId}. Visitors come from the landing page's plans, signed-in
 * users from Choose Your Plan (/pricing); Back to Plans returns to where they chose.
 */
export default function CheckoutPage() {
  const { user } = useAuth();
  const [params] = useSearchParams();
  const requested = params.get('package')?.trim().toLowerCase();
  const plan = PRICING_PLANS.find(({ id }) => id === requested);
  const signedIn = user !== null;
  const plansPath = signedIn ? '/pricing' : '/#pricing';

  const content = plan ? (
    <Checkout plan={plan} signedIn={signedIn} plansPath={plansPath} />
  ) : (
    <UnknownPlan plansPath={plansPath} />
  );
  return signedIn ? content : <PublicLayout width={880}>{content}</PublicLayout>;
}

function Checkout({
  plan,
  signedIn,
  plansPath,
}: {
  plan: PricingPlan;
  signedIn: boolean;
  plansPath: string;
}) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap="large" style={{ maxWidth: 880 }}>
      <PageIntro name="checkout" />
      <Row gutter={[24, 24]}>
        <Col xs={24} md={12}>
          <OrderSummary plan={plan} />
        </Col>
        <Col xs={24} md={12}>
          <PaymentPanel plan={plan} signedIn={signedIn} />
        </Col>
      </Row>
      <div>
        <ButtonLink to={plansPath} data-testid="checkout-back">
          {t('checkout.backToPlans')}
        </ButtonLink>
      </div>
    </Flex>
  );
}

function UnknownPlan({ plansPath }: { plansPath: string }) {
  const { t } = useTranslation();
  return (
    <StatusPanel
      status="info"
      title={t('checkout.unknown.title')}
      description={t('checkout.unknown.description')}
      actions={
        <ButtonLink to={plansPath} type="primary" data-testid="checkout-back">
          {t('checkout.unknown.seePlans')}
        </ButtonLink>
      }
    />
  );
}
