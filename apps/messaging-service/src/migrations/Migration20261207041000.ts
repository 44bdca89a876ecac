import { Migration } from '@mikro-orm/migrations';
import { AUDIT_ENTRIES_DDL } from '@parley/server-kit';

/**
 * The audit log (docs/teams.md, "Audit log"): messaging-service's entries (the AI configuration, knowledge,
 * training documents, customers' stages). A person's stage move is recorded by a trigger on `stage_changes`,
 * which every path that moves a stage already writes (Migration20261218100000), in the same transaction; the
 * AI's and automations' moves are not audited.
 */
export class Migration20261207041000 extends Migration {
  override up(): void {
    for (const statement of AUDIT_ENTRIES_DDL) this.addSql(statement);
    this.addSql(`create or replace function "stage_changes_audit"() returns trigger language plpgsql
      set search_path from current as $$
      begin
        if new."by_kind" = 'person' and new."by_user_id" is not null and new."from_stage" is not null
           and new."from_stage" <> new."to_stage" then
          insert into "audit_entries" ("workspace_id", "actor_id", "action", "subject_type", "subject_id",
                                       "subject_label", "before", "after")
          select new."owner_id", new."by_user_id", 'customer.stage_changed', 'customer', new."customer_id"::text,
                 c."name", jsonb_build_object('stage', new."from_stage"), jsonb_build_object('stage', new."to_stage")
            from "customers" c where c."id" = new."customer_id";
        end if;
        return null;
      end $$`);
    this.addSql(`create trigger "stage_changes_audit" after insert on "stage_changes"
      for each row execute function "stage_changes_audit"()`);
  }
}
