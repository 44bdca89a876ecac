import { Migration } from '@mikro-orm/migrations';
import { AUDIT_ENTRIES_DDL } from '@parley/server-kit';

/** The audit log (docs/teams.md, "Audit log"): billing-service's entries (plans bought, refilled, cancelled, Free activated), written in each change's transaction. */
export class Migration20261207043000 extends Migration {
  override up(): void {
    for (const statement of AUDIT_ENTRIES_DDL) this.addSql(statement);
  }
}
