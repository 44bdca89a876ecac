import { Migration } from '@mikro-orm/migrations';

/**
 * Meta channel connections and the traffic through them. Tokens are stored only encrypted (`*_enc`:
 * AES-256-GCM under SECRETS_KEY, see secret-box.ts). A page belongs to one owner at a time, so an
 * inbound webhook resolves to exactly one owner.
 *
 * - integrations: one per owner and platform (the Meta user's long-lived token).
 * - pages: the Facebook pages / Instagram accounts / WhatsApp phone numbers of an integration.
 * - oauth_states: the single-use nonce of each signed OAuth state (deleted when used).
 * - contacts: a customer as the channel knows them: profile name and when they last wrote (the window).
 * - webhook_events: each verified webhook body, stored before it is acknowledged; processed by a Bull job.
 * - deliveries: each outgoing message handed over by messaging-service, and where it stands.
 */
export class Migration20261125300000 extends Migration {
  override up(): void {
    this.addSql(`create table "integrations" (
      "id" uuid primary key,
      "owner_id" uuid not null,
      "platform" text not null check ("platform" in ('facebook', 'instagram', 'whatsapp')),
      "meta_user_id" text null,
      "access_token_enc" text null,
      "token_expires_at" timestamptz null,
      "is_active" boolean not null default false,
      "is_configured" boolean not null default false,
      "last_sync" timestamptz null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now(),
      unique ("owner_id", "platform")
    )`);

    this.addSql(`create table "pages" (
      "id" uuid primary key,
      "owner_id" uuid not null,
      "integration_id" uuid not null references "integrations" ("id") on delete cascade,
      "platform" text not null,
      "page_id" text not null,
      "page_name" text not null,
      "access_token_enc" text not null,
      "business_account_id" text null,
      "is_active" boolean not null default true,
      "webhook_verified" boolean not null default false,
      "auto_respond" boolean not null default true,
      "last_sync" timestamptz null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now(),
      unique ("platform", "page_id")
    )`);
    this.addSql('create index "pages_owner_idx" on "pages" ("owner_id", "platform")');

    this.addSql(`create table "oauth_states" (
      "nonce" text primary key,
      "owner_id" uuid not null,
      "platform" text not null,
      "expires_at" timestamptz not null
    )`);

    this.addSql(`create table "contacts" (
      "owner_id" uuid not null,
      "platform" text not null,
      "page_id" text not null,
      "user_id" text not null,
      "name" text null,
      "last_inbound_at" timestamptz null,
      "updated_at" timestamptz not null default now(),
      primary key ("platform", "page_id", "user_id")
    )`);

    this.addSql(`create table "webhook_events" (
      "id" uuid primary key,
      "body" text not null,
      "received_at" timestamptz not null default now(),
      "processed_at" timestamptz null
    )`);
    this.addSql(
      'create index "webhook_events_unprocessed_idx" on "webhook_events" ("received_at") where "processed_at" is null',
    );
    // The reconciler deletes events a week after they were processed.
    this.addSql(
      'create index "webhook_events_processed_idx" on "webhook_events" ("received_at") where "processed_at" is not null',
    );

    this.addSql(`create table "deliveries" (
      "message_id" uuid primary key,
      "owner_id" uuid not null,
      "platform" text not null,
      "page_id" text not null,
      "recipient_id" text not null,
      "text" text not null,
      "written_by" text not null check ("written_by" in ('ai', 'human')),
      "status" text not null default 'queued' check ("status" in ('queued', 'sent', 'delivered', 'read', 'failed')),
      "platform_message_id" text null,
      "failure_reason" text null,
      "attempts" integer not null default 0,
      "sent_at" timestamptz null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now(),
      unique ("platform", "platform_message_id")
    )`);
    this.addSql(
      `create index "deliveries_queued_idx" on "deliveries" ("created_at") where "status" = 'queued'`,
    );
    this.addSql(
      'create index "deliveries_recipient_idx" on "deliveries" ("platform", "page_id", "recipient_id", "sent_at")',
    );
  }
}
