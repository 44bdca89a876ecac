import { Migration } from '@mikro-orm/migrations';

/**
 * An owner's products, and what keeps their list and the agent's product search fast at 10 000 products
 * of one owner (docs/catalogue.md, "Product search").
 *
 * - One product per name per owner, case-insensitively: the unique index on (owner_id, lower(name)), which
 *   also gives the list its order (names) and the catalogue import its `on conflict` target. The list
 *   filtered by category walks (owner_id, lower(category), lower(name)) instead.
 * - `name_key` is the name as a customer's words are compared with it (match_key): the index on
 *   (owner_id, name_key) finds the products whose whole name a message contains.
 * - `search_vector` is the product's words in every language of the shop, weighted: name A, category and
 *   features B, description C. The search ranks by it.
 * - Search indexes are keyed by owner and term together, hashed (as messaging-service's message search):
 *   an index entry holds only that owner's products with that term, so a search never walks other owners'
 *   products, nor the rest of its owner's. Hashes may collide, so queries keep an exact condition beside
 *   the index condition.
 *
 * The generated columns and indexes must work on connections whose search_path is not this schema (a
 * psql session, the bench's seeding): SQL functions use SQL-standard bodies (`return …`), whose names are
 * bound when they are created, and PL/pgSQL ones name this schema's functions in full.
 */
export class Migration20261125032531 extends Migration {
  override up(): void {
    // Extensions are database-wide; server-kit's migrate() holds one lock for every service's migrations,
    // so messaging-service, which creates pg_trgm too, never does so at the same moment.
    this.addSql('create extension if not exists pg_trgm with schema public');

    // "Café Aero-5" → "cafe aero 5": lower case, no accents or Arabic vowel marks (hamza forms fold to
    // their bare letter under NFD), no tatweel, punctuation as single spaces. [:alnum:] follows the
    // database's ctype, which must be a UTF-8 one (C.UTF-8, en_US.UTF-8, …) for Arabic letters to count.
    this.addSql(`create function "match_key"("text" text) returns text
                   language sql immutable strict parallel safe
                   return trim(regexp_replace(
                     regexp_replace(lower(normalize("text", nfd)), '[\\u0300-\\u036f\\u0640\\u064b-\\u065f\\u0670]', '', 'g'),
                     '[^[:alnum:]]+', ' ', 'g'))`);
    // The text's words as the shop's languages index them: as written ('simple', which also keeps names
    // and numbers), and stemmed in English, Spanish and Arabic. PL/pgSQL: PostgreSQL cannot inline these
    // as SQL functions (a parameter used several times, a sub-select), and a SQL function it does not
    // inline runs as a query of its own at each call; computing 10 000 products' search vectors took
    // 1.9 s that way and 0.75 s this way. PL/pgSQL resolves names when it runs, so they are qualified.
    this.addSql(`create function "product_lexemes"("text" text) returns tsvector
                   language plpgsql immutable strict parallel safe as $$
                 declare
                   k text := catalogue_service.match_key("text");
                 begin
                   return to_tsvector('simple', k) || to_tsvector('english', k)
                       || to_tsvector('spanish', k) || to_tsvector('arabic', k);
                 end $$`);
    this.addSql(`create function "product_document"(
                   "name" text, "category" text, "features" text[], "description" text
                 ) returns tsvector language plpgsql immutable parallel safe as $$
                 begin
                   return setweight(catalogue_service.product_lexemes("name"), 'A')
                       || setweight(catalogue_service.product_lexemes(
                            "category" || ' ' || array_to_string("features", ' ')), 'B')
                       || setweight(catalogue_service.product_lexemes("description"), 'C');
                 end $$`);
    // Search keys: each lexeme hashed with its owner.
    this.addSql(`create function "owner_term_keys"("owner" uuid, "lexemes" tsvector) returns int4[]
                   language sql immutable strict parallel safe
                   return array(select distinct hashtext("owner"::text || l) from unnest(tsvector_to_array("lexemes")) l)`);
    // List search keys: pg_trgm's trigrams of the text, hashed with the owner; for a search term, only the
    // trigrams every text containing it has (inside its words, never padded word edges).
    this.addSql(`create function "owner_trigram_keys"("owner" uuid, "text" text) returns int4[]
                   language sql immutable strict parallel safe
                   return array(select distinct hashtext("owner"::text || t) from unnest(public.show_trgm("text")) t)`);
    this.addSql(`create function "owner_query_trigram_keys"("owner" uuid, "term" text) returns int4[]
                   language sql immutable strict parallel safe
                   return array(select distinct hashtext("owner"::text || t)
                                  from unnest(public.show_trgm("term")) t where t !~ ' ')`);

    this.addSql(`create table "products" (
      "id" uuid primary key,
      "owner_id" uuid not null,
      "name" text not null,
      "description" text not null,
      "price" numeric(10, 2) not null check ("price" >= 0),
      "category" text not null,
      "features" text[] not null default '{}',
      "in_stock" boolean not null default true,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now(),
      "name_key" text not null generated always as (match_key("name")) stored,
      "search_vector" tsvector not null
        generated always as (product_document("name", "category", "features", "description")) stored
    )`);
    this.addSql('create unique index "products_owner_name_idx" on "products" ("owner_id", lower("name"))');
    this.addSql(
      'create index "products_owner_category_idx" on "products" ("owner_id", lower("category"), lower("name"))',
    );
    this.addSql('create index "products_owner_name_key_idx" on "products" ("owner_id", "name_key")');
    // A GIN index first queues new entries in a pending list that every search reads through. The default
    // 4 MB holds ~10 000 products: after such an import the product search's p99 and a list search's
    // median were ~0.9 s until a vacuum. 128 kB keeps that read short; moving the entries into the index
    // more often made a 10 000-product insert no slower.
    const gin = 'with (gin_pending_list_limit = 128)';
    this.addSql(`create index "products_name_terms_idx" on "products"
                   using gin (owner_term_keys("owner_id", ts_filter("search_vector", '{a}'))) ${gin}`);
    this.addSql(`create index "products_search_terms_idx" on "products"
                   using gin (owner_term_keys("owner_id", "search_vector")) ${gin}`);
    this.addSql(`create index "products_text_trigrams_idx" on "products"
                   using gin (owner_trigram_keys("owner_id", "name" || ' ' || "category" || ' ' || "description")) ${gin}`);
  }
}
