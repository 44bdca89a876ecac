import { Migration } from '@mikro-orm/migrations';

/**
 * X (Twitter) direct messages as a channel (docs/channels.md, "X"):
 * - integrations may be `twitter`;
 * - integrations.refresh_token_enc: the sealed OAuth 2.0 refresh token that renews the access token (X's last
 *   about two hours; each refresh token is used once and replaced);
 * - oauth_states.code_verifier_enc: the sealed PKCE verifier kept with the state until its callback.
 */
export class Migration20261214100000 extends Migration {
  override up(): void {
    this.addSql(`alter table "integrations" drop constraint "integrations_platform_check"`);
    this.addSql(
      `alter table "integrations" add constraint "integrations_platform_check"
         check ("platform" in ('facebook', 'instagram', 'twitter', 'whatsapp'))`,
    );
    this.addSql(`alter table "integrations" add column "refresh_token_enc" text null`);
    this.addSql(`alter table "oauth_states" add column "code_verifier_enc" text null`);
  }
}
