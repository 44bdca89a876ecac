import { PRICING_PLANS, type PlanResponse, type PricingPlan } from '@parley/contracts';
import { Alert, Col, Flex, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ButtonLink } from '../../../shared/components/ButtonLink';
import { Loading } from '../../../shared/components/Loading';
import { PageIntro } from '../../../shared/components/PageIntro';
import { PublicLayout } from '../../../shared/components/PublicLayout';
import { StatusPanel } from '../../../shared/components/StatusPanel';
import { useAuth } from '../../auth';
import { useGetPlansQuery } from '../../billing';
import { OrderSummary } from '../components/OrderSummary';
import { PaymentPanel } from '../components/PaymentPanel';
import { PaymentReturn } from '../components/PaymentReturn';

/**
 * Spec 001 §2 /checkout?package={planId}. Visitors come from the landing page's plans and see the public
 * catalogue; signed-in users come from Choose Your Plan (/pricing) and see the plans of GET /api/plans,
 * with their payment links. The payment provider sends a payer back to `…&status=success`.
 */
export default function CheckoutPage() {
  const { user } = useAuth();
  const [params] = useSearchParams();
  const requested = params.get('package')?.trim().toLowerCase();

  if (user === null) {
    const plan = PRICING_PLANS.find(({ id }) => id === requested);
    return (
      <PublicLayout width={880}>
        {plan ? <Checkout plan={plan} plansPath="/#pricing" /> : <UnknownPlan plansPath="/#pricing" />}
      </PublicLayout>
    );
  }
  return <SignedInCheckout requested={requested} paid={params.get('status') === 'success'} />;
}

function SignedInCheckout({ requested, paid }: { requested: string | undefined; paid: boolean }) {
  const { t } = useTranslation();
  const { data: plans, isLoading, isError } = useGetPlansQuery();
  const plan = plans?.find(({ id }) => id === requested);

  if (isLoading) return <Loading />;
  if (isError || !plans) {
    return (
      <Alert type="error" showIcon title={t('checkout.loadFailed')} description={t('common.tryAgainLater')} />
    );
  }
  if (!plan) return <UnknownPlan plansPath="/pricing" />;
  if (paid && plan.checkout === 'payment_link') return <PaymentReturn plan={plan} />;
  return <Checkout plan={plan} plansPath="/pricing" />;
}

function Checkout({ plan, plansPath }: { plan: PricingPlan | PlanResponse; plansPath: string }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap="large" style={{ maxWidth: 880 }}>
      <PageIntro name="checkout" />
      <Row gutter={[24, 24]}>
        <Col xs={24} md={12}>
          <OrderSummary plan={plan} />
        </Col>
        <Col xs={24} md={12}>
          <PaymentPanel plan={plan} />
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

/** No `package`, or one that is not a plan: say so, and lead back to the plans. */
function UnknownPlan({ plansPath }: { plansPath: string }) {
  const { t } = useTranslation();
  return (
    <div data-testid="checkout-unknown">
      <StatusPanel
        status="info"
        title={t('checkout.unknown.title')}
        description={t('checkout.unknown.description')}
        actions={
          <ButtonLink to={plansPath} type="primary" data-testid="checkout-back">
            {t('checkout.backToPlans')}
          </ButtonLink>
        }
      />
    </div>
  );
}
