import { readCharge, readCheckoutSession, readInvoice } from './stripe-events';

describe('the payment keys read from Stripe objects', () => {
  it('a checkout session: its id, payment intent and invoice, each as an id or an expanded object', () => {
    expect(
      readCheckoutSession({
        id: 'cs_1',
        payment_intent: { id: 'pi_1', object: 'payment_intent' },
        invoice: 'in_1',
        subscription: 'sub_1',
      }),
    ).toMatchObject({
      sessionId: 'cs_1',
      paymentIntentId: 'pi_1',
      invoiceId: 'in_1',
      subscriptionId: 'sub_1',
    });
    expect(readCheckoutSession({ id: 'cs_2', payment_intent: null, invoice: null })).toMatchObject({
      paymentIntentId: null,
      invoiceId: null,
      paymentId: 'cs_2',
    });
  });

  it('a charge: its payment intent, its invoice where the API version still carries one, and itself', () => {
    expect(readCharge({ id: 'ch_1', payment_intent: 'pi_1', invoice: 'in_1', refunded: true })).toEqual({
      paymentIds: ['pi_1', 'in_1', 'ch_1'],
      refunded: true,
    });
    expect(readCharge({ id: 'ch_2', payment_intent: null, refunded: false }).paymentIds).toEqual(['ch_2']);
  });

  it('an invoice: the payment intent on it (before API 2025-03), else in its expanded payments', () => {
    expect(readInvoice({ id: 'in_1', payment_intent: 'pi_1' }).paymentIntentId).toBe('pi_1');
    expect(
      readInvoice({
        id: 'in_2',
        payments: { data: [{ payment: { type: 'payment_intent', payment_intent: 'pi_2' } }] },
      }).paymentIntentId,
    ).toBe('pi_2');
    expect(readInvoice({ id: 'in_3' }).paymentIntentId).toBeNull();
  });
});
