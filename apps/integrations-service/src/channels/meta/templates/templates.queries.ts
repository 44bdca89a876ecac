import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '@parley/server-kit';

/** An owner's connected WhatsApp number: its Business account, and the sealed token Parley acts with. */
export interface WhatsAppNumber {
  businessAccountId: string;
  tokenSealed: string;
}

/** The SQL of templates: which WhatsApp Business account a number belongs to. */
@Injectable()
export class TemplatesQueries {
  constructor(private readonly em: EntityManager) {}

  /** The owner's active WhatsApp number `pageId`; undefined when they have none such connected. */
  async whatsappNumber(ownerId: string, pageId: string): Promise<WhatsAppNumber | undefined> {
    const [row] = await sql<{ business_account_id: string; access_token_enc: string }>(
      this.em,
      `select business_account_id, access_token_enc from pages
        where owner_id = ? and platform = 'whatsapp' and page_id = ? and is_active
          and business_account_id is not null`,
      [ownerId, pageId],
    );
    return row && { businessAccountId: row.business_account_id, tokenSealed: row.access_token_enc };
  }
}
