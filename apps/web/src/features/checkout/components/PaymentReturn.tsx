import type { PlanResponse } from '@parley/contracts';
import { Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../shared/components/ButtonLink';
import { StatusPanel } from '../../../shared/components/StatusPanel';
import { useGetUsageQuery } from '../../dashboard/api';

/** While waiting for the payment webhook, GET /api/usage is asked this often… */
export const ACTIVATION_POLL_MS = 3000;
/** …for at most this long; the 'usage_changed' realtime event still refreshes it after that. */
export const ACTIVATION_WAIT_MS = 120_000;

/**
 * Back from the hosted payment page (`/checkout?package=pro&status=success`). The return itself proves
 * nothing: only the payment webhook credits the plan, so the page waits until GET /api/usage shows it.
 */
export function PaymentReturn({ plan }: { plan: PlanResponse }) {
  const { t } = useTranslation();
  const [waiting, setWaiting] = useState(true);
  const usage = useGetUsageQuery(undefined, {
    pollingInterval: waiting ? ACTIVATION_POLL_MS : 0,
    refetchOnMountOrArgChange: true,
  });
  const active = usage.data?.currentPackage === plan.id;
  const name = t(`landing.pricing.plans.${plan.id}.name`);

  useEffect(() => {
    if (active) setWaiting(false);
  }, [active]);
  useEffect(() => {
    const timer = setTimeout(() => setWaiting(false), ACTIVATION_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);

  if (active) {
    const limit = usage.data?.limit ?? null;
    return (
      <div data-testid="checkout-activated">
        <StatusPanel
          status="success"
          title={t('checkout.return.activatedTitle', { plan: name })}
          description={
            limit === null
              ? t('checkout.return.activatedUnlimited')
              : t('checkout.return.activated', { count: limit })
          }
          actions={
            <ButtonLink to="/" type="primary" data-testid="checkout-go-dashboard">
              {t('checkout.return.dashboard')}
            </ButtonLink>
          }
        />
      </div>
    );
  }
  if (!waiting) {
    return (
      <div data-testid="checkout-activation-slow">
        <StatusPanel
          status="warning"
          title={t('checkout.return.slowTitle')}
          description={t('checkout.return.slow')}
          actions={
            <ButtonLink to="/billing" type="primary">
              {t('checkout.return.billing')}
            </ButtonLink>
          }
        />
      </div>
    );
  }
  return (
    <div data-testid="checkout-activating">
      <StatusPanel
        status="info"
        title={t('checkout.return.activatingTitle')}
        description={t('checkout.return.activating', { plan: name })}
        actions={<Spin />}
      />
    </div>
  );
}
