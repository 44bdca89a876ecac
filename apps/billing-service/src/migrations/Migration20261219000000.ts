import { Migration } from '@mikro-orm/migrations';

/**
 * A new account now starts on the Free plan's calls (docs/billing.md). Accounts created before, still in
 * their first period on the columns' 50 calls (plus any refill calls), get the Free plan's calls now, and
 * the warning level those calls put them at (it may be lower: 45 of 50 is level 2, 45 of 100 is none).
 */
export const LIFT_NEW_FREE_ACCOUNTS = `with lifted as (
       select a.owner_id, free.monthly_api_calls + a.refill_calls as api_calls_limit
         from accounts a join plans free on free.id = 'free'
        where a.current_package = 'free' and a.api_calls_limit = 50 + a.refill_calls
          and free.monthly_api_calls > 50
     )
     update accounts a
        set api_calls_limit = lifted.api_calls_limit, updated_at = now(),
            warning_level = case
              when a.api_calls_used >= lifted.api_calls_limit then 3
              when (lifted.api_calls_limit - a.api_calls_used) * 10 <= lifted.api_calls_limit then 2
              when (lifted.api_calls_limit - a.api_calls_used) * 5 <= lifted.api_calls_limit then 1
              else 0 end
       from lifted where a.owner_id = lifted.owner_id`;

export class Migration20261219000000 extends Migration {
  override up(): void {
    this.addSql(LIFT_NEW_FREE_ACCOUNTS);
  }
}
