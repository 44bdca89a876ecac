import { Migration } from '@mikro-orm/migrations';

/**
 * Customers named by a placeholder (issue 29 point 4): before profile names were read (0e88fd6),
 * integrations-service handed over a Messenger, Instagram or WhatsApp customer whose name it did not know
 * as "<Platform> user <last 4 digits of their id>" ("Facebook user 1234"), and messaging-service stored
 * that as their name and on each of their messages. Such a name says nothing a person can use and hid
 * that the name is unknown. It is cleared to '' (unnamed: the web says "Messenger customer" with the
 * channel's icon, and the next message or profile reading that carries a name fills it, as for any
 * unnamed customer).
 *
 * A migration rather than a rule when reading: the placeholder is a fixed pattern made by one old
 * version, so one pass fixes every row for every reader (lists, search, the agent's prompt, exports)
 * instead of a rule repeated in each, and the ingest's "fill an empty name" then works for these customers.
 * Only an exact match is cleared: the platform's name, " user ", and the end of that customer's own id;
 * never a test customer (the simulator's names are typed by the owner) or one added by hand.
 */
export class Migration20261208200000 extends Migration {
  override up(): void {
    this.addSql(`with "cleared" as (
        update "customers" c set "name" = ''
         where c."platform" in ('facebook', 'instagram', 'whatsapp') and not c."is_test" and c."source" <> 'manual'
           and c."platform_username" is not null
           and c."name" = (case c."platform" when 'facebook' then 'Facebook' when 'instagram' then 'Instagram'
                                            else 'WhatsApp' end) || ' user ' || right(c."platform_username", 4)
        returning c."id"
      )
      update "messages" m set "customer_name" = '' from "cleared"
        where m."customer_id" = "cleared"."id" and m."customer_name" <> ''`);
  }
}
