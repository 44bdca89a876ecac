import { Migration } from '@mikro-orm/migrations';

/**
 * When each customer reached their stage (issue 34 point 6: the board shows the time in stage). Three paths
 * move a stage (PUT and PATCH /api/customers/{id}, and the AI's reply batch), so a trigger stamps it rather
 * than each statement: a path added later cannot forget it. Customers who were already at a stage are taken
 * to have reached it when they were added, the best that is known.
 */
export class Migration20261209100000 extends Migration {
  override up(): void {
    this.addSql(`alter table "customers" add column "stage_changed_at" timestamptz null`);
    this.addSql(`update "customers" set "stage_changed_at" = "created_at"`);
    this.addSql(
      `alter table "customers" alter column "stage_changed_at" set default now(), alter column "stage_changed_at" set not null`,
    );
    this.addSql(`create function "customers_stage_changed_at"() returns trigger language plpgsql as $$
      begin
        new."stage_changed_at" := now();
        return new;
      end
    $$`);
    this.addSql(`create trigger "customers_stage_changed_at" before update of "stage" on "customers"
      for each row when (old."stage" is distinct from new."stage")
      execute function "customers_stage_changed_at"()`);
  }
}
