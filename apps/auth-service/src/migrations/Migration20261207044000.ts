import { Migration } from '@mikro-orm/migrations';
import { AUDIT_ENTRIES_DDL } from '@parley/server-kit';

/** The audit log (docs/teams.md, "Audit log"): auth-service's entries (invitations, members, roles, ownership), written in each change's transaction. */
export class Migration20261207044000 extends Migration {
  override up(): void {
    for (const statement of AUDIT_ENTRIES_DDL) this.addSql(statement);
  }
}
