import { Migration } from '@mikro-orm/migrations';

/**
 * Email marketing meets the conversations (docs/email.md, "Sequences" and "Email in the conversation"):
 *
 * - `customer_events`: a log of stages reached and leads opened, written by triggers in the transaction that
 *   moved the customer or opened the lead, whoever did it (a person, the AI's reply, an import), so no path
 *   can forget it. Consumers lease events (`leased_until`) and delete those they handled; a consumer that was
 *   down finds them waiting. Events older than a week are dropped when events are leased.
 * - `messages.kind`: `chat` (everything until now) or `email`, a campaign or sequence mail shown in the
 *   customer's thread. Email items are not chat messages: the lists, stats and the agent's history read
 *   `chat` only. The check is added `not valid` (then validated), so adding it scans without blocking writes.
 */
export class Migration20261217100000 extends Migration {
  override up(): void {
    this.addSql(`create table "customer_events" (
      "id" bigint generated always as identity primary key,
      "owner_id" uuid not null,
      "customer_id" uuid not null,
      "type" text not null check ("type" in ('stage_reached', 'new_lead')),
      "stage" text null,
      "created_at" timestamptz not null default now(),
      "leased_until" timestamptz null
    )`);
    this.addSql(`create function "customer_events_stage"() returns trigger language plpgsql set search_path from current as $$
      begin
        insert into "customer_events" ("owner_id", "customer_id", "type", "stage")
        values (new."owner_id", new."id", 'stage_reached', new."stage");
        return null;
      end $$`);
    this.addSql(`create trigger "customer_events_stage" after update of "stage" on "customers"
      for each row when (old."stage" is distinct from new."stage")
      execute function "customer_events_stage"()`);
    this.addSql(`create function "customer_events_lead"() returns trigger language plpgsql set search_path from current as $$
      begin
        insert into "customer_events" ("owner_id", "customer_id", "type") values (new."owner_id", new."customer_id", 'new_lead');
        return null;
      end $$`);
    this.addSql(`create trigger "customer_events_lead" after insert on "leads"
      for each row execute function "customer_events_lead"()`);

    this.addSql(
      `alter table "messages" add column "kind" text not null default 'chat' check ("kind" in ('chat', 'email'))`,
    );
  }
}
