import { CalendarOutlined, LockOutlined, MailOutlined } from '@ant-design/icons';
import type { PricingPlan } from '@parley/contracts';
import { Alert, Button, Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../shared/components/ButtonLink';
import { DEMO_URL } from '../../../shared/links/demo';
import { paymentLinkOf, SALES_EMAIL, salesMailto } from '../../../shared/links/plan-links';

/** How the plan is bought (spec 001 §2): activated for free, paid by payment link, or through sales. */
export function PaymentPanel({ plan, signedIn }: { plan: PricingPlan; signedIn: boolean }) {
  const { t } = useTranslation();
  return (
    <Card type="inner" title={t('checkout.paymentTitle')} style={{ height: '100%' }}>
      <Flex vertical gap="middle">
        <PaymentOptions plan={plan} signedIn={signedIn} />
      </Flex>
    </Card>
  );
}

function PaymentOptions({ plan, signedIn }: { plan: PricingPlan; signedIn: boolean }) {
  const { t } = useTranslation();
  switch (plan.checkout) {
    case 'activate':
      return (
        <>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('checkout.free.title')}
          </Typography.Title>
          {signedIn ? (
            <>
              <Typography.Paragraph>{t('checkout.free.signedIn')}</Typography.Paragraph>
              <ButtonLink to="/" type="primary" size="large" block data-testid="checkout-free-dashboard">
                {t('checkout.free.dashboard')}
              </ButtonLink>
            </>
          ) : (
            <>
              <Typography.Paragraph>{t('checkout.free.visitor')}</Typography.Paragraph>
              <ButtonLink
                to="/register"
                type="primary"
                size="large"
                block
                data-testid="checkout-free-register"
              >
                {t('checkout.free.register')}
              </ButtonLink>
            </>
          )}
        </>
      );
    case 'payment_link': {
      const link = paymentLinkOf(plan.id);
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
            href={link ?? undefined}
            disabled={link === null}
            data-testid="checkout-pay"
          >
            {t('checkout.paid.pay')}
          </Button>
        </>
      );
    }
    case 'contact_sales':
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
}
