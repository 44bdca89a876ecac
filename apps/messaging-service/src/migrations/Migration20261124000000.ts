import { Migration } from '@mikro-orm/migrations';

/**
 * Message search keyed by owner and trigram together. The owner-led btree_gin index kept the owner and
 * the trigrams as separate keys, so every search also walked the owner's whole entry (one item per
 * message). Here each key is a hash of (owner, trigram): a key's entry holds only that owner's
 * messages with that trigram, so a search no longer walks the rest of the owner's messages
 * (docs/performance.md, "Message search").
 *
 * `search_keys` is pg_trgm's trigrams of the text; `search_query_keys` those of a search term that
 * every text containing the term has (trigrams inside its words, never padded word edges). Hashes may
 * collide, so queries keep `lower(content) like …` beside the index condition.
 */
export class Migration20261124000000 extends Migration {
  override up(): void {
    this.addSql(`create function "search_keys"("owner" uuid, "body" text) returns int4[]
                   language sql immutable strict parallel safe
                   return array(select distinct hashtext("owner"::text || t) from unnest(public.show_trgm("body")) t)`);
    this.addSql(`create function "search_query_keys"("owner" uuid, "term" text) returns int4[]
                   language sql immutable strict parallel safe
                   return array(select distinct hashtext("owner"::text || t)
                                  from unnest(public.show_trgm("term")) t where t !~ ' ')`);
    this.addSql(
      `create index "messages_search_keys_idx" on "messages" using gin (search_keys("owner_id", "content"))`,
    );
    this.addSql('drop index "messages_owner_search_idx"');
  }
}
