import type { BillingOverviewResponse } from '@parley/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json } from '../../../test/fake-api';
import { FakeWebSocket } from '../../../test/fake-websocket';
import { aBillingOverview, aPurchase } from '../../../test/fixtures/billing';
import { renderSignedIn } from '../../../test/render-app';

function openBilling(billing: () => BillingOverviewResponse, path = '/billing') {
  return renderSignedIn(path, undefined, {
    'GET /api/billing': () => json(200, billing()),
    'GET /api/packages': () => json(200, []),
  });
}

function cellsOf(row: HTMLElement): string[] {
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent ?? '');
}

describe('/billing', () => {
  it('shows the plan, its status and period, and the allowance', async () => {
    openBilling(() => aBillingOverview({ allowance: { planCalls: 100, refillCalls: 500, used: 12 } }));

    expect(await screen.findByTestId('billing-plan')).toHaveTextContent('Free');
    expect(screen.getByTestId('billing-status')).toHaveTextContent('Active');
    expect(screen.getByTestId('billing-period')).toHaveTextContent('Jun 1, 2024 – Jul 1, 2024');
    expect(screen.getByTestId('billing-plan-calls')).toHaveTextContent('100');
    expect(screen.getByTestId('billing-refill-calls')).toHaveTextContent('500');
    expect(screen.getByTestId('billing-used')).toHaveTextContent('12');
    expect(screen.getByTestId('billing-change-plan')).toHaveAttribute('href', '/pricing');
    expect(screen.queryByTestId('billing-cancelling-note')).not.toBeInTheDocument();
  });

  it('a cancelled subscription says it ends with the period, then Free', async () => {
    openBilling(() =>
      aBillingOverview({
        plan: 'pro',
        status: 'cancelling',
        allowance: { planCalls: 5000, refillCalls: 0, used: 7 },
      }),
    );

    expect(await screen.findByTestId('billing-status')).toHaveTextContent('Cancelling');
    expect(screen.getByTestId('billing-cancelling-note')).toHaveTextContent(
      'It stays active until Jul 1, 2024, then you move to the Free plan.',
    );
  });

  it('an unlimited plan without an end', async () => {
    openBilling(() =>
      aBillingOverview({
        plan: 'enterprise',
        periodEnd: null,
        allowance: { planCalls: null, refillCalls: 0, used: 0 },
      }),
    );

    expect(await screen.findByTestId('billing-period')).toHaveTextContent('Since Jun 1, 2024, no end date');
    expect(screen.getByTestId('billing-plan-calls')).toHaveTextContent('Unlimited');
  });

  it('lists the purchases newest first: date, item, calls, amount and status', async () => {
    openBilling(() =>
      aBillingOverview({
        purchases: [
          aPurchase({ id: 'p-2', createdAt: '2024-06-20T09:00:00.000Z', status: 'refunded' }),
          aPurchase({
            id: 'p-1',
            kind: 'plan',
            packageId: 'pro',
            name: 'Pro',
            apiCallsAdded: null,
            amountPaid: 49,
            createdAt: '2024-06-01T09:00:00.000Z',
          }),
        ],
      }),
    );

    const rows = await screen.findAllByTestId('billing-history-row');
    expect(rows.map((row) => row.getAttribute('data-purchase-id'))).toEqual(['p-2', 'p-1']);
    expect(cellsOf(rows[0])).toEqual(['Jun 20, 2024', 'Power Refill', '500', '$9.99', 'Refunded']);
    expect(cellsOf(rows[1])).toEqual(['Jun 1, 2024', 'Pro Plan', '—', '$49.00', 'Completed']);
    expect(screen.queryByTestId('billing-history-empty')).not.toBeInTheDocument();
  });

  it('says when nothing was bought yet', async () => {
    openBilling(() => aBillingOverview());

    expect(await screen.findByTestId('billing-history-empty')).toHaveTextContent('No purchases yet');
    expect(screen.queryByTestId('billing-history-row')).not.toBeInTheDocument();
    expect(await screen.findByTestId('refill-empty')).toHaveTextContent('No refills on offer');
  });

  it('shows a purchase as soon as the webhook credits it (usage_changed)', async () => {
    let billing = aBillingOverview();
    openBilling(() => billing);
    await screen.findByTestId('billing-history-empty');
    act(() => FakeWebSocket.latest().open());

    billing = aBillingOverview({
      purchases: [aPurchase()],
      allowance: { planCalls: 100, refillCalls: 500, used: 12 },
    });
    act(() =>
      FakeWebSocket.latest().receive({ type: 'usage_changed', message: '', data: { reason: 'purchase' } }),
    );

    expect(await screen.findByTestId('billing-history-row')).toHaveTextContent('Power');
    await waitFor(() => expect(screen.getByTestId('billing-refill-calls')).toHaveTextContent('500'));
  });

  it("is reached from the user panel; the sidebar keeps its entries (the spec's nine, the inbox, the pipeline, reports and the team)", async () => {
    openBilling(() => aBillingOverview(), '/messages');

    await userEvent.click(await screen.findByTestId('user-menu-billing'));

    expect(await screen.findByRole('heading', { name: 'Billing' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getAllByRole('menuitem')).toHaveLength(13);
  });
});
