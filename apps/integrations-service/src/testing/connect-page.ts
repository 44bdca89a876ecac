import { randomUUID } from 'node:crypto';
import type { MetaChannel } from '@parley/contracts';

/** Runs one SQL statement on the test database (a pg Client's `query`, or a helper around one). */
export type RunSql = (text: string, params: unknown[]) => Promise<unknown>;

/** A page, Instagram account or WhatsApp number to store as connected. */
export interface PageToConnect {
  id: string;
  name?: string;
  /** Its token, sealed with the service's SecretBox. */
  tokenEnc: string;
  /** An Instagram account's page, or a WhatsApp number's Business account. */
  businessId?: string;
}

/**
 * Stores an owner's connected page as the connect flow does (its integration, then the page), for tests
 * that start from a connected channel without walking Meta's OAuth each time.
 */
export async function connectPage(
  run: RunSql,
  ownerId: string,
  platform: MetaChannel,
  page: PageToConnect,
): Promise<void> {
  await run(
    `insert into integrations_service.integrations (id, owner_id, platform, is_active, is_configured)
     values ($1, $2, $3, true, true) on conflict (owner_id, platform) do nothing`,
    [randomUUID(), ownerId, platform],
  );
  await run(
    `insert into integrations_service.pages
       (id, owner_id, integration_id, platform, page_id, page_name, access_token_enc, business_account_id)
     select $1, $2, id, $3, $4, $5, $6, $7 from integrations_service.integrations where owner_id = $2 and platform = $3`,
    [randomUUID(), ownerId, platform, page.id, page.name ?? page.id, page.tokenEnc, page.businessId ?? null],
  );
}
