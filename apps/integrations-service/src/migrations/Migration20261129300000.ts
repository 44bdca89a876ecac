import { Migration } from '@mikro-orm/migrations';

/** A WhatsApp template message keeps the template it is sent as (name, language, parameters). */
export class Migration20261129300000 extends Migration {
  override up(): void {
    this.addSql('alter table "deliveries" add column "template" jsonb null');
  }
}
