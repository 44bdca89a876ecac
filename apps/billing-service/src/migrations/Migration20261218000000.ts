import { Migration } from '@mikro-orm/migrations';

/**
 * Payments applied once and in order (docs/billing.md, "Exactly once"): each purchase is keyed by what
 * Stripe pays it with (checkout session, payment intent, invoice), unique, so the same payment under a new
 * event id credits nothing more; and an event that names a purchase or subscription not yet known
 * (a refund or cancellation ahead of its checkout) waits in `pending_payment_events` until it is.
 */
export class Migration20261218000000 extends Migration {
  override up(): void {
    this.addSql(`alter table "user_purchases"
      add column "checkout_session_id" text null,
      add column "payment_intent_id" text null,
      add column "invoice_id" text null,
      add column "subscription_id" text null`);

    // Purchases recorded before: payment_id holds the payment intent (pi_…) of a one-off checkout, the
    // invoice (in_…) of a plan checkout or renewal, else the session (cs_…) or the event id. Only the
    // oldest row of each payment is keyed; a later row with the same payment is a double credit of the
    // bug this closes: it stays, unkeyed, in the history (docs/billing.md says how to find them), so the
    // unique indexes below cannot fail on existing data.
    for (const [column, prefix] of [
      ['payment_intent_id', 'pi'],
      ['invoice_id', 'in'],
      ['checkout_session_id', 'cs'],
    ] as const)
      this.addSql(`update "user_purchases" p set "${column}" = p."payment_id"
        from (select "id", row_number() over (partition by "payment_id" order by "created_at", "id") as n
                from "user_purchases" where "payment_id" like '${prefix}\\_%') oldest
       where p."id" = oldest."id" and oldest.n = 1`);

    for (const column of ['checkout_session_id', 'payment_intent_id', 'invoice_id'])
      this.addSql(`create unique index "user_purchases_${column}" on "user_purchases" ("${column}")
        where "${column}" is not null`);
    this.addSql(`create index "user_purchases_subscription_id" on "user_purchases" ("subscription_id")
      where "subscription_id" is not null`);

    // keys: what the event waits for (payment intent, charge, invoice; or the subscription). created: Stripe's
    // time of the event, the order they are applied in; seq breaks ties (and orders events without one).
    this.addSql(`create table "pending_payment_events" (
      "id" text primary key,
      "seq" bigserial not null,
      "type" text not null,
      "keys" text[] not null,
      "object" jsonb not null,
      "created" timestamptz null,
      "received_at" timestamptz not null default now()
    )`);
    this.addSql(`create index "pending_payment_events_keys" on "pending_payment_events" using gin ("keys")`);
    this.addSql(`create index "pending_payment_events_received" on "pending_payment_events" ("received_at")`);
  }
}
