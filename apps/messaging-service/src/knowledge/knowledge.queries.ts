import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { KnowledgeItemResponse } from '@parley/contracts';
import { fetchLimit, type Page, sql, sqlTuples } from '@parley/server-kit';
import type { AgentKnowledgeItem } from '@parley/agent';
import type { Cursor } from '../shared/cursor';
import { toPage } from '../shared/list-sql';
import { KNOWLEDGE_COLUMNS, knowledgeFromRow, type KnowledgeRow } from './knowledge.mapper';

/** A typed item to store, every column decided by the caller. */
export interface NewKnowledgeItem {
  id: string;
  ownerId: string;
  category: string;
  title: string;
  content: string;
  tags: string[];
  priority: number;
}

/** The columns an owner may change (snake_case, as stored). Only those present are written. */
export interface KnowledgeChanges {
  category?: string;
  title?: string;
  content?: string;
  tags?: string[];
  priority?: number;
  is_active?: boolean;
}

/** How many items of each word of the message are ranked (a word in most passages would rank them all). */
const CANDIDATES_PER_WORD = 200;

/**
 * How many items the agent is given per message: a few more than it quotes, because ts_rank favours a short
 * item repeating one common word ("sofa") over the item about the message's topic ("return"), which the agent's
 * own ranking then puts first.
 */
export const RETRIEVED_ITEMS = 8;

/**
 * How much each priority step above Low multiplies an item's relevance: Critical (5) is ×1.4. Enough to put
 * the higher-priority one of two items about the same thing first, not enough to let a barely related
 * Critical item outrank one that answers the question.
 */
const PRIORITY_BOOST = 0.1;

/**
 * The owner's active items a customer message is about, best first (docs/agent.md, "Retrieval"); one
 * statement. Two tiers, the second only when the first finds nothing:
 *
 * 1. Full text: the message's words (stop words of English, Spanish or Arabic dropped), each as written and
 *    stemmed in every language, looked up in the owner-keyed index; at most CANDIDATES_PER_WORD items per
 *    word (so a rare word's items are never crowded out by a common word's) are ranked by ts_rank against
 *    all the words, over title (A), category and tags (B), content (C), normalised by length so a long
 *    passage does not win by repeating a word.
 * 2. Names: titles holding something similar to a word of 4+ letters (pg_trgm's `%>`, word_similarity at
 *    least pg_trgm.word_similarity_threshold, 0.6 by default), so "Zaragosa" finds "Shipping to Zaragoza";
 *    at most 20 per word, read from the (owner, title trigrams) GiST index, whose index scan stops at the
 *    20th: a common word ("deliver", similar to hundreds of titles) costs no more than a rare one.
 *
 * Relevance is multiplied by the priority boost, then priority breaks ties; only the best few rows are read whole.
 * In tier 1 the owner is compared as text, which no index serves, so the plan always starts from the
 * owner-keyed term index (as catalogue-service's product search: a generic plan walking the owner's rows
 * costs tens of ms at 10 000 passages).
 *
 * With `draft` (a replay, docs/agent.md "Replay") it takes two more parameters: the ids of live items the draft
 * hides (changed or deleted) and the draft's items as a jsonb array, which are ranked beside the live ones exactly
 * as if they were stored, without being written anywhere.
 */
function retrieveSql(draft: boolean): string {
  const overlay = (text: string) => (draft ? text : '');
  const items = draft
    ? `(select id, category, title, content, tags, priority from knowledge_items
          where id <> all((select hidden from input)::uuid[])
        union all select id, category, title, content, tags, priority from draft)`
    : 'knowledge_items';
  return `
  with input as (
    select ?::uuid as owner, (string_to_array(match_key(?), ' '))[1:60] as words
      ${overlay(', ?::uuid[] as hidden, ?::jsonb as draft')}
  ),${overlay(`
  draft as (
    select d.id, d.category, d.title, d.content, d.tags, d.priority::smallint as priority,
           match_key(d.title) as title_key, knowledge_document(d.title, d.category, d.tags, d.content) as search_vector
    from input, jsonb_to_recordset(input.draft)
      as d(id uuid, category text, title text, content text, tags text[], priority int)
  ),`)}
  words as (
    select distinct word, knowledge_lexemes(word) as lexemes
    from input, unnest(input.words) word
    where to_tsvector('english', word) <> '' and to_tsvector('spanish', word) <> ''
      and to_tsvector('arabic', word) <> ''
  ),
  word_terms as (
    -- Each word's search keys (its lexemes hashed with the owner) and its own query.
    select knowledge_term_keys(input.owner, words.lexemes) as keys,
           (select string_agg('''' || lexeme || '''', ' | ')::tsquery
              from unnest(tsvector_to_array(words.lexemes)) lexeme) as query
    from input, words
  ),
  terms as (
    select (select string_agg(distinct '''' || lexeme || '''', ' | ')::tsquery
              from words, unnest(tsvector_to_array(lexemes)) lexeme) as query,
           (select array_agg(word) from words where length(word) >= 4) as long_words
  ),
  by_text as (
    select found.id, found.priority, ts_rank(found.search_vector, (select query from terms), 1) as score
    from (
      select distinct on (candidate.id) candidate.id, candidate.priority, candidate.search_vector
      from word_terms, lateral (
        ${overlay('(')}select k.id, k.priority, k.search_vector from input, knowledge_items k
        where k.owner_id::text = input.owner::text and k.is_active
          and knowledge_term_keys(k.owner_id, k.search_vector) && word_terms.keys
          and k.search_vector @@ word_terms.query ${overlay('and k.id <> all(input.hidden)')}
        limit ${CANDIDATES_PER_WORD}${overlay(`)
        union all
        select d.id, d.priority, d.search_vector from draft d where d.search_vector @@ word_terms.query`)}
      ) candidate
      order by candidate.id
    ) found
  ),
  by_title as (
    -- Per word, so a common word ("deliver") cannot crowd out the name ("Zaragosa").
    select found.id, found.priority, max(found.score) as score
    from terms, unnest(terms.long_words) word, lateral (
      ${overlay('(')}select k.id, k.priority, public.word_similarity(word, k.title_key) as score
      from knowledge_items k
      where not exists (select from by_text)
        and k.owner_id = (select owner from input) and k.is_active
        and k.title_key operator(public.%>) word ${overlay('and k.id <> all((select hidden from input)::uuid[])')}
      limit 20${overlay(`)
      union all
      select d.id, d.priority, public.word_similarity(word, d.title_key) from draft d
      where not exists (select from by_text) and d.title_key operator(public.%>) word`)}
    ) found
    group by found.id, found.priority
  ),
  best as (
    select id, priority, score * (1 + ${PRIORITY_BOOST} * (priority - 1)) as weighted
    from (select id, priority, score from by_text union all select id, priority, score from by_title) hits
    order by weighted desc, priority desc, id
    limit ${RETRIEVED_ITEMS}
  )
  select k.category, k.title, k.content, k.tags, k.priority
  from best join ${items} k on k.id = best.id
  order by best.weighted desc, best.priority desc, best.id`;
}

/** Exported for the retrieval's speed test, which reads its plans. */
export const RETRIEVE = retrieveSql(false);
const RETRIEVE_WITH_DRAFT = retrieveSql(true);

/**
 * A replay's change to the knowledge base, as retrieval sees it: live items it hides (changed, deleted, or the
 * passages of a removed document) and items it adds (new, or the changed version under the same id).
 */
export interface KnowledgeDraft {
  hidden: string[];
  added: (AgentKnowledgeItem & { id: string })[];
}

type RetrievedRow = [string, string, string, string[], number];

/** An item as the conflicts check reads it. */
export interface PricedItem {
  id: string;
  title: string;
  content: string;
}

/** The SQL of the knowledge base: the only place that reads or writes knowledge_items for the owner. */
@Injectable()
export class KnowledgeQueries {
  constructor(private readonly em: EntityManager) {}

  /**
   * A page of the owner's items, newest first, `limit` after `after`: typed ones and document passages
   * alike (knowledge_items_owner_recent_idx).
   */
  async page(ownerId: string, limit: number, after?: Cursor): Promise<Page<KnowledgeItemResponse>> {
    const where = ['owner_id = ?'];
    const params: unknown[] = [ownerId];
    if (after) {
      where.push('(created_at, id) < (?, ?)');
      params.push(after.at, after.id);
    }
    const rows = await sql<KnowledgeRow>(
      this.em,
      `select ${KNOWLEDGE_COLUMNS} from knowledge_items where ${where.join(' and ')}
        order by created_at desc, id desc limit ${fetchLimit(limit)}`,
      params,
    );
    return toPage(rows, limit, knowledgeFromRow, (row) => ({ at: row.created_at, id: row.id }));
  }

  async insert(item: NewKnowledgeItem): Promise<KnowledgeItemResponse> {
    const [row] = await sql<KnowledgeRow>(
      this.em,
      `insert into knowledge_items (id, owner_id, category, title, content, tags, priority)
       values (?, ?, ?, ?, ?, ?, ?) returning ${KNOWLEDGE_COLUMNS}`,
      [item.id, item.ownerId, item.category, item.title, item.content, item.tags, item.priority],
    );
    return knowledgeFromRow(row);
  }

  /** The changed item; undefined when the owner has no item with this id. No changes: the item as it is. */
  async update(
    ownerId: string,
    id: string,
    changes: KnowledgeChanges,
  ): Promise<KnowledgeItemResponse | undefined> {
    const entries = Object.entries(changes).filter(([, value]) => value !== undefined);
    const set = ['updated_at = now()', ...entries.map(([column]) => `${column} = ?`)].join(', ');
    const [row] = await sql<KnowledgeRow>(
      this.em,
      `update knowledge_items set ${set} where id = ? and owner_id = ? returning ${KNOWLEDGE_COLUMNS}`,
      [...entries.map(([, value]) => value), id, ownerId],
    );
    return row && knowledgeFromRow(row);
  }

  /** The owner's item with this id; undefined when there is none. */
  async item(ownerId: string, id: string): Promise<KnowledgeItemResponse | undefined> {
    const [row] = await sql<KnowledgeRow>(
      this.em,
      `select ${KNOWLEDGE_COLUMNS} from knowledge_items where id = ? and owner_id = ?`,
      [id, ownerId],
    );
    return row && knowledgeFromRow(row);
  }

  /** The ids of the passages of the owner's training document; undefined when the owner has no such document. */
  async documentPassageIds(ownerId: string, documentId: string): Promise<string[] | undefined> {
    const [row] = await sql<{ ids: string[] }>(
      this.em,
      `select array(select k.id from knowledge_items k where k.source_document_id = d.id and k.owner_id = d.owner_id)
                as ids
         from training_documents d where d.id = ? and d.owner_id = ?`,
      [documentId, ownerId],
    );
    return row?.ids;
  }

  /** Whether the owner had an item with this id. */
  async delete(ownerId: string, id: string): Promise<boolean> {
    const rows = await sql(
      this.em,
      'delete from knowledge_items where id = ? and owner_id = ? returning id',
      [id, ownerId],
    );
    return rows.length > 0;
  }

  /**
   * The owner's newest `limit` active items with a digit in their content (every price has one), for the conflicts
   * check (knowledge_items_owner_recent_idx, then a filter).
   */
  pricedItems(ownerId: string, limit: number): Promise<PricedItem[]> {
    return sql<PricedItem>(
      this.em,
      `select id, title, content from knowledge_items
        where owner_id = ? and is_active and content ~ '[0-9\u0660-\u0669\u06f0-\u06f9]'
        order by created_at desc, id desc limit ${limit}`,
      [ownerId],
    );
  }

  /**
   * The owner's active items `message` is about, best first, at most RETRIEVED_ITEMS (see RETRIEVE); with `draft`,
   * as if it were saved.
   */
  async retrieve(ownerId: string, message: string, draft?: KnowledgeDraft): Promise<AgentKnowledgeItem[]> {
    const rows = draft
      ? await sqlTuples<RetrievedRow>(this.em, RETRIEVE_WITH_DRAFT, [
          ownerId,
          message,
          draft.hidden,
          JSON.stringify(draft.added),
        ])
      : await sqlTuples<RetrievedRow>(this.em, RETRIEVE, [ownerId, message]);
    return rows.map(([category, title, content, tags, priority]) => ({
      category,
      title,
      content,
      tags,
      priority,
    }));
  }
}
