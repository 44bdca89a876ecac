import { Migration } from '@mikro-orm/migrations';
import { AUDIT_ENTRIES_DDL } from '@parley/server-kit';

/** The audit log (docs/teams.md, "Audit log"): integrations-service's entries (channels connected and disconnected), written in each change's transaction. */
export class Migration20261207042000 extends Migration {
  override up(): void {
    for (const statement of AUDIT_ENTRIES_DDL) this.addSql(statement);
  }
}
