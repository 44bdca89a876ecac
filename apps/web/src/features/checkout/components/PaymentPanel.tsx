import { CalendarOutlined, CheckOutlined, LockOutlined, MailOutlined } from '@ant-design/icons';
import type { PlanResponse, PricingPlan } from '@parley/contracts';
import { Alert, Button, Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ApiError } from '../../../app/api-error';
import { browser } from '../../../app/browser';
import { useFailureText } from '../../../app/server-text';
import { useToast } from '../../../app/toast';
import { ButtonLink } from '../../../shared/components/ButtonLink';
import { DEMO_URL } from '../../../shared/links/demo';
import { SALES_EMAIL, salesMailto } from '../../../shared/links/plan-links';
import { useActivateFreePlanMutation } from '../../billing';
import { useGetUsageQuery } from '../../dashboard/api';

/**
 * How the plan is bought (spec 001 §2): Free is activated through the API, Basic and Pro are paid on the
 * plan's hosted payment page (its link comes with the plan from GET /api/plans and carries the owner's
 * reference), Enterprise goes through sales. A visitor (`plan` without a payment link) first signs up.
 */
export function PaymentPanel({ plan }: { plan: PricingPlan | PlanResponse }) {
  const { t } = useTranslation();
  return (
    <Card type="inner" title={t('checkout.paymentTitle')} style={{ height: '100%' }}>
      <Flex vertical gap="middle">
        {plan.checkout === 'contact_sales' ? (
          <ContactSales />
        ) : 'paymentLink' in plan ? (
          plan.checkout === 'activate' ? (
            <ActivateFree plan={plan} />
          ) : (
            <PayByLink link={plan.paymentLink} />
          )
        ) : (
          <SignUpFirst plan={plan} />
        )}
      </Flex>
    </Card>
  );
}

/**
 * Free, signed in: one call, then the dashboard shows the new allowance. An owner whose period already
 * has the Free plan's calls (it was activated, or renewed) has nothing to activate.
 */
function ActivateFree({ plan }: { plan: PlanResponse }) {
  const { t } = useTranslation();
  const toast = useToast();
  const failureText = useFailureText();
  const navigate = useNavigate();
  const [activate, { isLoading }] = useActivateFreePlanMutation();
  const { data: usage } = useGetUsageQuery();
  const planCalls = usage?.limit == null ? null : usage.limit - usage.refillCalls;
  const active =
    usage?.currentPackage === plan.id && planCalls !== null && planCalls >= (plan.monthlyApiCalls ?? 0);

  const onActivate = async () => {
    try {
      await activate().unwrap();
    } catch (error) {
      const failed = t('checkout.free.failed');
      toast.error({ description: failureText(error as ApiError, { failed, network: failed }) });
      return;
    }
    toast.success({ description: t('checkout.free.activated') });
    void navigate('/');
  };

  return (
    <>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('checkout.free.title')}
      </Typography.Title>
      {active ? (
        <>
          <Typography.Paragraph data-testid="checkout-free-active">
            {t('checkout.free.alreadyActive')}
          </Typography.Paragraph>
          <ButtonLink to="/" type="primary" size="large" block>
            {t('checkout.free.toDashboard')}
          </ButtonLink>
        </>
      ) : (
        <>
          <Typography.Paragraph>{t('checkout.free.signedIn')}</Typography.Paragraph>
          <Button
            type="primary"
            size="large"
            block
            icon={<CheckOutlined aria-hidden />}
            loading={isLoading}
            onClick={() => void onActivate()}
            data-testid="checkout-activate"
          >
            {t('checkout.free.activate')}
          </Button>
        </>
      )}
    </>
  );
}

/** Basic and Pro, signed in: the whole page goes to the payment provider, which sends the owner back. */
function PayByLink({ link }: { link: string | null }) {
  const { t } = useTranslation();
  return (
    <>
      <Typography.Paragraph>{t('checkout.paid.description')}</Typography.Paragraph>
      {link === null && (
        <Alert
          type="info"
          showIcon
          data-testid="checkout-payment-unavailable"
          title={t('checkout.paid.notConfigured', { email: SALES_EMAIL })}
        />
      )}
      <Button
        type="primary"
        size="large"
        block
        icon={<LockOutlined aria-hidden />}
        disabled={link === null}
        onClick={() => link !== null && browser.assign(link)}
        data-testid="checkout-pay"
      >
        {t('checkout.paid.pay')}
      </Button>
    </>
  );
}

/** A visitor: the purchase belongs to an account, so Free starts at registration and paid plans after it. */
function SignUpFirst({ plan }: { plan: PricingPlan }) {
  const { t } = useTranslation();
  const free = plan.checkout === 'activate';
  return (
    <>
      {free && (
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('checkout.free.title')}
        </Typography.Title>
      )}
      <Typography.Paragraph>
        {t(free ? 'checkout.free.visitor' : 'checkout.paid.visitor')}
      </Typography.Paragraph>
      <ButtonLink to="/register" type="primary" size="large" block data-testid="checkout-register">
        {t(free ? 'checkout.free.register' : 'checkout.paid.register')}
      </ButtonLink>
      {!free && (
        <ButtonLink to="/login" size="large" block data-testid="checkout-login">
          {t('checkout.paid.login')}
        </ButtonLink>
      )}
    </>
  );
}

function ContactSales() {
  const { t } = useTranslation();
  return (
    <>
      <Typography.Paragraph>{t('checkout.enterprise.description')}</Typography.Paragraph>
      <Button
        type="primary"
        size="large"
        block
        icon={<MailOutlined aria-hidden />}
        href={salesMailto(t('checkout.enterprise.emailSubject'))}
        data-testid="checkout-contact-sales"
      >
        {t('checkout.enterprise.contactSales')}
      </Button>
      <Button
        size="large"
        block
        icon={<CalendarOutlined aria-hidden />}
        href={DEMO_URL}
        target="_blank"
        rel="noopener noreferrer"
        data-testid="checkout-book-demo"
      >
        {t('checkout.enterprise.bookDemo')}
      </Button>
    </>
  );
}
