import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { PRODUCT_SEARCH_LIMIT, type ProductSearchHit } from '@parley/contracts';
import { sqlTuples } from '@parley/server-kit';
import { searchHitFromColumns } from './products.mapper';

/**
 * How a message found its products, most certain first:
 * - `named`: the message contains the product's whole name (as words, ignoring case and accents);
 * - `byModel`: the product's name shares a word and a number with the message ("Aero 5 Kettel");
 * - `byName`: the product's name shares a word with the message (in any of the shop's languages);
 * - `bySound`: a word of the product's name sounds like a word of the message written in another script or
 *   spelling ("لابتوب" for "Laptop"): found beside `byName`, ranked after it;
 * - `byDetails`: only its category, features or description do.
 */
export type SearchTier = 'named' | 'byModel' | 'byName' | 'bySound' | 'byDetails';

/** The products one message found, best first, and how (undefined when it found none). */
export interface SearchResult {
  tier?: SearchTier;
  hits: ProductSearchHit[];
}

const TIERS: readonly SearchTier[] = ['named', 'byModel', 'byName', 'bySound', 'byDetails'];

/** A hit row: the hit's columns (SearchHitColumns), then its tier (0–4). */
type HitRow = [string, string, string, string, boolean, string[], number];

/** The name lexemes of a product (weight A of search_vector), keyed by owner: products_name_terms_idx. */
const NAME_KEYS = `owner_term_keys(p.owner_id, ts_filter(p.search_vector, '{a}'))`;
/** The name's sound tokens (sound_keys), keyed by owner: products_name_sounds_idx. */
const SOUND_KEYS = `owner_text_keys(p.owner_id, p.name_sounds)`;
/**
 * Products matching `condition`, ranked: at most 1 000 of them are ranked by ts_rank over the weighted
 * search_vector (a word every product has would otherwise rank the whole catalogue), the best 20 kept.
 * The owner is compared as text, which no index serves: the candidates must come from the search index
 * (whose keys carry the owner), never from walking the owner's products and computing each one's keys,
 * which a generic plan picks when it expects the owner to have few products (60 ms at 10 000).
 */
const ranked = (tier: number, condition: string) => `
    select found.id, ${tier} as tier, ts_rank(found.search_vector, (select query from terms)) as score
    from (
      select p.id, p.search_vector from input, terms, products p
      where p.owner_id::text = input.owner::text and ${condition}
      limit 1000
    ) found
    order by score desc
    limit 20`;

/**
 * The product search, one statement per message (docs/catalogue.md, "Product search"). Each tier runs
 * only when the ones before it found nothing, so a message that names a product costs a few index
 * lookups, and one that names none costs the matches of its words:
 *
 * 0. Exact names: every run of up to 8 consecutive words of the message, looked up in (owner_id,
 *    name_key); the longest name first. So "Aero 5 Kettle Pro" comes first when the customer wrote the
 *    Pro, and is not found at all when they wrote "Aero 5 Kettle".
 * 1. Names sharing a word and a number with the message (a model number narrows a near-miss).
 * 2. Names sharing a word. Stop words of any of the shop's languages never find products, nor bare
 *    numbers ("I want 2"), though numbers still rank them.
 * 3. Beside 2, after it, when 2 leaves room in the answer: names with a word that sounds like one of the
 *    message's (sound_keys: a name written in another script or spelling), by the sound tokens they share.
 * 4. Category, features or description sharing a word, when 2 and 3 found nothing.
 *
 * Tiers 1, 2 and 4 rank by ts_rank, then (every tier) by trigram word similarity of the name to the message (typos and
 * partial names: "the Aero 5 Kettel" prefers "Aero 5 Kettle" to "Aero 5 Kettle Pro"), then in stock
 * first, then by name.
 */
const SEARCH = `
  with input as (
    -- The message's first 60 words, as names are compared with them (match_key).
    select ?::uuid as owner, (string_to_array(match_key(?), ' '))[1:60] as words
  ),
  words as (
    -- The words that may find a product: no stop word of any of the shop's languages.
    select distinct word, word ~ '^[0-9]+$' as is_number, product_lexemes(word) as lexemes
    from input, unnest(input.words) word
    where to_tsvector('english', word) <> '' and to_tsvector('spanish', word) <> ''
      and to_tsvector('arabic', word) <> ''
  ),
  terms as (
    -- Their lexemes as search keys (numbers apart), and as the query that ranks.
    select (select array_agg(distinct key) from input, words, unnest(owner_term_keys(input.owner, lexemes)) key
             where not is_number) as keys,
           (select array_agg(distinct key) from input, words, unnest(owner_term_keys(input.owner, lexemes)) key
             where is_number) as number_keys,
           (select string_agg(distinct '''' || lexeme || '''', ' | ')::tsquery
              from words, unnest(tsvector_to_array(lexemes)) lexeme) as query
  ),
  sounds as materialized (
    -- The sound tokens the words look for (sound_keys), and as search keys: computed once (materialized), not
    -- wherever the tokens are read.
    select message.tokens, owner_text_keys(input.owner, message.tokens) as keys
    from input, (select sound_keys(string_agg(word, ' '), true) as tokens from words where not is_number) message
  ),
  named as (
    select p.id, 0 as tier, length(p.name_key)::real as score
    from input, products p
    where p.owner_id = input.owner and p.name_key = any (array(
      select array_to_string(words[i:j], ' ')
      from input, generate_series(1, cardinality(words)) i, generate_series(i, least(i + 7, cardinality(words))) j))
  ),
  by_model as (${ranked(
    1,
    `not exists (select from named) and ${NAME_KEYS} && terms.keys and ${NAME_KEYS} && terms.number_keys`,
  )}
  ),
  by_name as (${ranked(
    2,
    `not exists (select from named) and not exists (select from by_model) and ${NAME_KEYS} && terms.keys`,
  )}
  ),
  by_sound as (
    -- Only when by_name leaves room in the answer. Ranked by the sound tokens they share; at most 200 candidates
    -- (a sound every name has, like a word, would otherwise rank the whole catalogue), none that by_name found.
    select found.id, 3 as tier, found.score from (
      select p.id, cardinality(array(select unnest(p.name_sounds) intersect select unnest(sounds.tokens)))::real as score
      from input, sounds, products p
      where p.owner_id::text = input.owner::text and not exists (select from named)
        and not exists (select from by_model) and (select count(*) from by_name) < ${PRODUCT_SEARCH_LIMIT}
        and ${SOUND_KEYS} && sounds.keys and p.name_sounds && sounds.tokens
        and p.id not in (select id from by_name)
      limit 200
    ) found
    order by score desc
    limit 20
  ),
  by_details as (${ranked(
    4,
    `not exists (select from named) and not exists (select from by_model) and not exists (select from by_name)
        and not exists (select from by_sound)
        and owner_term_keys(p.owner_id, p.search_vector) && terms.keys and p.search_vector @@ terms.query`,
  )}
  ),
  hits as (
    select id, tier, score from named
    union all select id, tier, score from by_model
    union all select id, tier, score from by_name
    union all select id, tier, score from by_sound
    union all select id, tier, score from by_details
  )
  select p.name, p.description, p.price, p.category, p.in_stock, p.features, hits.tier
  from input, hits join products p on p.id = hits.id
  order by hits.tier, hits.score desc,
           public.word_similarity(p.name_key, array_to_string(input.words, ' ')) desc,
           p.in_stock desc, lower(p.name)
  limit ${PRODUCT_SEARCH_LIMIT}`;

/** The product search's SQL: the only place that reads products for the agent. */
@Injectable()
export class ProductSearchQueries {
  constructor(private readonly em: EntityManager) {}

  /** The owner's products `text` is about, at most PRODUCT_SEARCH_LIMIT, best first. */
  async search(ownerId: string, text: string): Promise<SearchResult> {
    const rows = await sqlTuples<HitRow>(this.em, SEARCH, [ownerId, text]);
    if (rows.length === 0) return { hits: [] };
    return { tier: TIERS[rows[0][6]], hits: rows.map(searchHitFromColumns) };
  }
}
