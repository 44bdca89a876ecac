import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '@parley/server-kit';

/** A connected X account's tokens, sealed (SecretBox), and when the access token expires (epoch ms; null: never said). */
export interface StoredXTokens {
  tokenSealed: string;
  refreshSealed: string | null;
  expiresAt: number | null;
}

interface TokensRow {
  integration_id: string;
  access_token_enc: string;
  refresh_token_enc: string | null;
  expires_ms: number | null;
}

// The access token is read from the integration, the row locked (a row of another table in the join would
// be the version from before the wait for the lock); the page's copy is what deliveries read.
const SELECT_TOKENS = `
  select i.id as integration_id, i.access_token_enc, i.refresh_token_enc,
         (extract(epoch from i.token_expires_at) * 1000)::float8 as expires_ms
    from pages p join integrations i on i.id = p.integration_id
   where p.platform = 'twitter' and p.page_id = ? and p.is_active and i.is_active`;

/**
 * The SQL of X's token renewal: a connected account's integration (its access and refresh tokens and the
 * expiry, written by connections.queries.ts when it connects) and its `pages` row's copy of the access token.
 */
@Injectable()
export class XTokensQueries {
  constructor(private readonly em: EntityManager) {}

  /** The account's tokens; undefined when no owner has it connected. */
  async tokens(accountId: string): Promise<StoredXTokens | undefined> {
    const [row] = await sql<TokensRow>(this.em, SELECT_TOKENS, [accountId]);
    return row && storedOf(row);
  }

  /**
   * Runs `renew` holding the account's integration row (`for update`), so that of two replicas renewing at
   * once one refreshes and the other, waiting, then reads the renewed tokens: a refresh token is spent
   * once. What `renew` answers is stored (the page's token too) before the lock is let go; undefined from it
   * keeps the tokens as they are. Answers the tokens as they are afterwards; undefined when not connected.
   */
  async renewing(
    accountId: string,
    renew: (locked: StoredXTokens) => Promise<StoredXTokens | undefined>,
  ): Promise<StoredXTokens | undefined> {
    return this.em.fork().transactional(async (em) => {
      const [row] = await sql<TokensRow>(em, `${SELECT_TOKENS} for update of i`, [accountId]);
      if (row === undefined) return undefined;
      const renewed = await renew(storedOf(row));
      if (renewed === undefined) return storedOf(row);
      await sql(
        em,
        `update integrations set access_token_enc = ?, refresh_token_enc = ?,
                token_expires_at = to_timestamp(?::float8 / 1000), updated_at = now()
          where id = ?`,
        [renewed.tokenSealed, renewed.refreshSealed, renewed.expiresAt, row.integration_id],
      );
      await sql(
        em,
        `update pages set access_token_enc = ?, token_rejected_at = null, updated_at = now()
          where integration_id = ? and page_id = ?`,
        [renewed.tokenSealed, row.integration_id, accountId],
      );
      return renewed;
    });
  }
}

function storedOf(row: TokensRow): StoredXTokens {
  return {
    tokenSealed: row.access_token_enc,
    refreshSealed: row.refresh_token_enc,
    expiresAt: row.expires_ms,
  };
}
