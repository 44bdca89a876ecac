import { Migration } from '@mikro-orm/migrations';

/**
 * The knowledge base (docs/agent.md, "Knowledge"): items an owner typed and passages extracted from their
 * training documents (`source_document_id`, `passage_index`; the training-documents migration adds the
 * foreign key), and `messages.needs_human`, set on an inbound message the agent could not answer.
 *
 * Retrieval (knowledge.queries.ts) must stay fast at 10 000 passages of one owner:
 * - `search_vector` is the item's words as written ('simple') and stemmed in English, Spanish and Arabic,
 *   weighted: title A, category and tags B, content C (as catalogue-service's products).
 * - Its GIN index is keyed by owner and lexeme together, hashed (`knowledge_term_keys`): an entry holds only
 *   that owner's items with that word, so a search never walks other owners' items. Only active items are
 *   indexed: a switched-off item is never retrieved.
 * - `title_key` (match_key) with a trigram index keyed by owner finds titles naming a place or product the
 *   customer misspelt.
 * - GIN pending lists are kept short (128 kB): a document's thousands of passages otherwise sit in a list
 *   every search reads through (catalogue-service measured ~0.9 s searches after a 10 000-row import).
 * Functions are this schema's own copies of catalogue-service's (schemas share no functions); SQL-standard
 * bodies bind names at creation and PL/pgSQL names this schema in full, so they work on any search_path.
 */
export class Migration20261125100000 extends Migration {
  override up(): void {
    this.addSql(`create function "match_key"("text" text) returns text
                   language sql immutable strict parallel safe
                   return trim(regexp_replace(
                     regexp_replace(lower(normalize("text", nfd)), '[\\u0300-\\u036f\\u0640\\u064b-\\u065f\\u0670]', '', 'g'),
                     '[^[:alnum:]]+', ' ', 'g'))`);
    this.addSql(`create function "knowledge_lexemes"("text" text) returns tsvector
                   language plpgsql immutable strict parallel safe as $$
                 declare
                   k text := messaging_service.match_key("text");
                 begin
                   return to_tsvector('simple', k) || to_tsvector('english', k)
                       || to_tsvector('spanish', k) || to_tsvector('arabic', k);
                 end $$`);
    this.addSql(`create function "knowledge_document"(
                   "title" text, "category" text, "tags" text[], "content" text
                 ) returns tsvector language plpgsql immutable parallel safe as $$
                 begin
                   return setweight(messaging_service.knowledge_lexemes("title"), 'A')
                       || setweight(messaging_service.knowledge_lexemes(
                            replace("category", '_', ' ') || ' ' || array_to_string("tags", ' ')), 'B')
                       || setweight(messaging_service.knowledge_lexemes("content"), 'C');
                 end $$`);
    this.addSql(`create function "knowledge_term_keys"("owner" uuid, "lexemes" tsvector) returns int4[]
                   language sql immutable strict parallel safe
                   return array(select distinct hashtext("owner"::text || l) from unnest(tsvector_to_array("lexemes")) l)`);

    this.addSql(`create table "knowledge_items" (
      "id" uuid primary key,
      "owner_id" uuid not null,
      "category" text not null,
      "title" text not null,
      "content" text not null,
      "tags" text[] not null default '{}',
      "priority" smallint not null default 1 check ("priority" between 1 and 5),
      "is_active" boolean not null default true,
      "source_document_id" uuid null,
      "passage_index" int null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now(),
      "title_key" text not null generated always as (match_key("title")) stored,
      "search_vector" tsvector not null
        generated always as (knowledge_document("title", "category", "tags", "content")) stored
    )`);
    this.addSql(
      'create index "knowledge_items_owner_recent_idx" on "knowledge_items" ("owner_id", "created_at" desc, "id" desc)',
    );
    this.addSql(
      'create index "knowledge_items_document_idx" on "knowledge_items" ("source_document_id", "passage_index")',
    );
    const gin = 'with (gin_pending_list_limit = 128)';
    this.addSql(`create index "knowledge_items_terms_idx" on "knowledge_items"
                   using gin (knowledge_term_keys("owner_id", "search_vector")) ${gin} where "is_active"`);
    // Keyed by (owner, trigram), hashed, as message search (search_keys): an entry holds only that owner's
    // titles with that trigram. An owner-led btree_gin index (owner_id, title_key gin_trgm_ops) walked the
    // owner's whole entry for every word: 100–400 ms for a greeting that matches nothing at 10 000
    // passages, against under 10 ms here; the similarity (%>) is then checked on the titles found.
    this.addSql(`create index "knowledge_items_title_trigrams_idx" on "knowledge_items"
                   using gin (search_keys("owner_id", "title_key")) ${gin} where "is_active"`);

    this.addSql('alter table "messages" add column "needs_human" boolean not null default false');
    // The dashboard counts the owner's unhandled ones: few rows, so a small partial index.
    this
      .addSql(`create index "messages_needs_human_idx" on "messages" ("owner_id", "customer_id", "timestamp")
                   where "needs_human"`);
  }
}
