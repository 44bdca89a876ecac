import { Migration } from '@mikro-orm/migrations';

/**
 * Reports (issue 34 points 1–3; docs/reports.md): the figures an owner reads per day or week, served from
 * daily rollups that an idempotent aggregator keeps from the raw tables.
 *
 * - `ai_configs.time_zone`: the owner's IANA time zone; a report's days are the owner's days. Null until set
 *   (the web sends the browser's); the reports then read UTC.
 * - `stage_changes`: every stage a customer reached and when (the board's moves, the AI's, Add Customer), written
 *   by a trigger on `customers` in the statement that moves the stage, whichever path it is. The funnel reads it.
 *   Backfill: each customer reached `new` when added and their present stage at `stage_changed_at`, the best known.
 * - `report_days`, `report_response_days`: one row per owner × local day × platform × test-or-not, and the
 *   response-time histograms on the scale `report_time_scale()` (the contracts' RESPONSE_TIME_SCALE). Btree
 *   primary keys only.
 * - `report_dirty`: what changed and when. The hot paths add a mark with one plain insert (statement triggers on
 *   `messages`; row triggers, with their WHEN, on needs_human, a close, a lead, a stage, a time zone) and never
 *   touch a rollup row: a rollup row updated by every ingest would be one hot row per owner and day, each ingest
 *   waiting for the previous one's commit (as the API-call meter did, performance.md). `report_fold(owner)`
 *   takes the owner's due marks and recomputes the days they can change (`report_recompute`); a mark also
 *   schedules one follow-up 24 h later, when a quiet conversation counts as resolved. A mark with no time
 *   (`at` null) recomputes the owner's whole history (a new time zone; `npm run reports:rebuild`).
 *   Marks are taken with a delete in the fold's transaction, so a mark committed after the delete is folded next
 *   time, and one committed before it has its rows visible to the recompute that follows (read committed).
 */
export class Migration20261213300000 extends Migration {
  override up(): void {
    this.addSql('alter table "ai_configs" add column "time_zone" text null');

    this.addSql(`create table "report_dirty" (
      "owner_id" uuid not null,
      "at" timestamptz null,
      "due_at" timestamptz not null default now(),
      "follow_up" boolean not null default false
    )`);
    this.addSql('create index "report_dirty_owner_due_idx" on "report_dirty" ("owner_id", "due_at")');
    this.addSql(
      'create unique index "report_dirty_follow_up_idx" on "report_dirty" ("owner_id", "at") where "follow_up"',
    );

    this.addSql(`create table "stage_changes" (
      "id" bigint generated always as identity primary key,
      "owner_id" uuid not null,
      "customer_id" uuid not null references "customers" ("id") on delete cascade,
      "from_stage" text null,
      "to_stage" text not null,
      "at" timestamptz not null default now()
    )`);
    this.addSql('create index "stage_changes_owner_at_idx" on "stage_changes" ("owner_id", "at")');
    this.addSql('create index "stage_changes_customer_idx" on "stage_changes" ("customer_id", "at")');
    this.addSql(`insert into "stage_changes" ("owner_id", "customer_id", "from_stage", "to_stage", "at")
                 select "owner_id", "id", null, 'new', "created_at" from "customers"`);
    this.addSql(`insert into "stage_changes" ("owner_id", "customer_id", "from_stage", "to_stage", "at")
                 select "owner_id", "id", 'new', "stage", greatest("stage_changed_at", "created_at")
                   from "customers" where "stage" <> 'new'`);

    this.addSql(`create table "report_days" (
      "owner_id" uuid not null,
      "day" date not null,
      "platform" text not null,
      "is_test" boolean not null,
      "conversations_started" int not null default 0,
      "conversations_unanswered" int not null default 0,
      "conversations_handed_off" int not null default 0,
      "conversations_ai_resolved" int not null default 0,
      "messages_in" int not null default 0,
      "messages_out_ai" int not null default 0,
      "messages_out_person" int not null default 0,
      "messages_out_away" int not null default 0,
      "leads_opened" int not null default 0,
      "leads_value" numeric(14, 2) not null default 0,
      "reached_new" int not null default 0,
      "reached_interested" int not null default 0,
      "reached_qualified" int not null default 0,
      "reached_follow_up" int not null default 0,
      "reached_converted" int not null default 0,
      primary key ("owner_id", "day", "platform", "is_test")
    )`);
    this.addSql(`create table "report_response_days" (
      "owner_id" uuid not null,
      "day" date not null,
      "platform" text not null,
      "is_test" boolean not null,
      "kind" text not null check ("kind" in ('first_ai', 'first_person', 'reply_ai', 'reply_person')),
      "bucket" smallint not null,
      "n" int not null,
      primary key ("owner_id", "day", "platform", "is_test", "kind", "bucket")
    )`);

    // The response-time scale, seconds: a time t falls in step k when scale[k] <= t < scale[k + 1] (width_bucket).
    this
      .addSql(`create function "report_time_scale"() returns double precision[] language sql immutable parallel safe
      return array[1, 2, 3, 5, 10, 15, 20, 30, 45, 60, 90, 120, 180, 300, 450, 600, 900, 1200, 1800, 2700, 3600,
                   5400, 7200, 10800, 14400, 21600, 28800, 43200, 64800, 86400, 172800, 259200, 432000, 604800]::double precision[]`);
    this.addSql(`create function "report_time_zone"("p_owner" uuid) returns text language sql stable
      set search_path from current
      return coalesce((select "time_zone" from "ai_configs" where "owner_id" = "p_owner"), 'UTC')`);

    // Marks. Messages: one insert per statement (the ingest and reply hot paths); the rest are rare.
    this
      .addSql(`create function "report_mark_messages"() returns trigger language plpgsql set search_path from current as $$
      begin
        insert into "report_dirty" ("owner_id", "at") select distinct "owner_id", "timestamp" from "changed";
        return null;
      end $$`);
    this.addSql(`create trigger "messages_report_inserted" after insert on "messages"
      referencing new table as "changed" for each statement execute function "report_mark_messages"()`);
    this.addSql(`create trigger "messages_report_deleted" after delete on "messages"
      referencing old table as "changed" for each statement execute function "report_mark_messages"()`);
    this
      .addSql(`create function "report_mark_message"() returns trigger language plpgsql set search_path from current as $$
      begin
        insert into "report_dirty" ("owner_id", "at") values (new."owner_id", new."timestamp");
        return null;
      end $$`);
    this.addSql(`create trigger "messages_report_needs_human" after update of "needs_human" on "messages"
      for each row when (old."needs_human" is distinct from new."needs_human") execute function "report_mark_message"()`);

    this
      .addSql(`create function "report_mark_now"() returns trigger language plpgsql set search_path from current as $$
      begin
        insert into "report_dirty" ("owner_id", "at") values (new."owner_id", now());
        return null;
      end $$`);
    this.addSql(`create trigger "conversations_report_closed" after update of "closed_at" on "conversations"
      for each row when (old."closed_at" is distinct from new."closed_at") execute function "report_mark_now"()`);

    this
      .addSql(`create function "report_mark_lead"() returns trigger language plpgsql set search_path from current as $$
      begin
        insert into "report_dirty" ("owner_id", "at") values (new."owner_id", new."created_at");
        return null;
      end $$`);
    this.addSql(`create trigger "leads_report_opened" after insert on "leads"
      for each row execute function "report_mark_lead"()`);
    this.addSql(`create trigger "leads_report_value" after update of "value", "created_at" on "leads"
      for each row when (old."value" is distinct from new."value" or old."created_at" is distinct from new."created_at")
      execute function "report_mark_lead"()`);
    this
      .addSql(`create function "report_mark_leads_deleted"() returns trigger language plpgsql set search_path from current as $$
      begin
        insert into "report_dirty" ("owner_id", "at") select distinct "owner_id", "created_at" from "changed";
        return null;
      end $$`);
    this.addSql(`create trigger "leads_report_deleted" after delete on "leads"
      referencing old table as "changed" for each statement execute function "report_mark_leads_deleted"()`);

    this.addSql(`create function "report_mark_stage_changes_deleted"() returns trigger language plpgsql
      set search_path from current as $$
      begin
        insert into "report_dirty" ("owner_id", "at") select distinct "owner_id", "at" from "changed";
        return null;
      end $$`);
    this.addSql(`create trigger "stage_changes_report_deleted" after delete on "stage_changes"
      referencing old table as "changed" for each statement execute function "report_mark_stage_changes_deleted"()`);

    this
      .addSql(`create function "customers_stage_history"() returns trigger language plpgsql set search_path from current as $$
      begin
        if tg_op = 'INSERT' then
          insert into "stage_changes" ("owner_id", "customer_id", "from_stage", "to_stage", "at")
          values (new."owner_id", new."id", null, new."stage", new."created_at");
          insert into "report_dirty" ("owner_id", "at") values (new."owner_id", new."created_at");
        else
          insert into "stage_changes" ("owner_id", "customer_id", "from_stage", "to_stage", "at")
          values (new."owner_id", new."id", old."stage", new."stage", now());
          insert into "report_dirty" ("owner_id", "at") values (new."owner_id", now());
        end if;
        return null;
      end $$`);
    this.addSql(`create trigger "customers_stage_history_added" after insert on "customers"
      for each row execute function "customers_stage_history"()`);
    this.addSql(`create trigger "customers_stage_history_moved" after update of "stage" on "customers"
      for each row when (old."stage" is distinct from new."stage") execute function "customers_stage_history"()`);

    this
      .addSql(`create function "report_mark_time_zone"() returns trigger language plpgsql set search_path from current as $$
      begin
        insert into "report_dirty" ("owner_id", "at") values (new."owner_id", null);
        return null;
      end $$`);
    this.addSql(`create trigger "ai_configs_report_time_zone_added" after insert on "ai_configs"
      for each row when (new."time_zone" is not null) execute function "report_mark_time_zone"()`);
    this
      .addSql(`create trigger "ai_configs_report_time_zone_changed" after update of "time_zone" on "ai_configs"
      for each row when (old."time_zone" is distinct from new."time_zone") execute function "report_mark_time_zone"()`);

    this.addSql(RECOMPUTE);
    this.addSql(FOLD);
    this.addSql(`create function "report_rebuild"("p_owner" uuid) returns void language plpgsql
      set search_path from current as $$
      begin
        perform pg_advisory_xact_lock(hashtext('report_fold'), hashtext("p_owner"::text));
        perform report_recompute("p_owner", '-infinity'::date, null);
      end $$`);

    // Every owner's history, once: the marks are folded by the service (or `npm run reports:rebuild`).
    this.addSql(`insert into "report_dirty" ("owner_id", "at")
                 select distinct "owner_id", null::timestamptz from "customers"`);
  }
}

/**
 * The owner's rows for the local days p_from..p_to (p_to null: today), recomputed from messages, leads,
 * stage_changes and conversations. Each figure is defined in docs/reports.md; the comments name the section.
 * The messages read reach 7 days before the first day (response times look back 7 days) and 8 days after the
 * last (a conversation's outcome is read over its first 7 days, and whether it then went quiet for 24 h).
 */
const RECOMPUTE = `create function "report_recompute"("p_owner" uuid, "p_from" date, "p_to" date) returns void
  language plpgsql set search_path from current as $$
  declare
    tz text := report_time_zone("p_owner");
    last_day date := coalesce("p_to", (now() at time zone report_time_zone("p_owner"))::date + 1);
    lo timestamptz := "p_from"::timestamp at time zone report_time_zone("p_owner");
    hi timestamptz := (last_day + 1)::timestamp at time zone report_time_zone("p_owner");
    scale double precision[] := report_time_scale();
  begin
    delete from "report_days" where "owner_id" = "p_owner" and "day" between "p_from" and last_day;
    delete from "report_response_days" where "owner_id" = "p_owner" and "day" between "p_from" and last_day;
    with
    m as (
      select m."id", m."customer_id", m."timestamp" as at, m."platform", m."is_test",
             m."direction" = 'incoming' as incoming,
             coalesce((m."metadata" ->> 'awayMessage')::boolean, false) as away,
             m."ai_generated", m."needs_human"
        from "messages" m
       where m."owner_id" = "p_owner" and m."timestamp" >= lo - interval '7 days' and m."timestamp" < hi + interval '8 days'
    ),
    s as (
      select m.*, (not m.incoming and not m.away) as reply,
             lag(m.at) over w as prev_at,
             lead(m.at) over w as next_at,
             count(*) filter (where not m.incoming and not m.away) over w as replies_so_far
        from m window w as (partition by m."customer_id" order by m.at, m."id")
    ),
    -- Conversations: an incoming message with no message of the customer, either way, in the 24 h before it.
    starts as (
      select s."customer_id", s.at as start_at, s."platform", s."is_test",
             lead(s.at) over (partition by s."customer_id" order by s.at, s."id") as next_start
        from s where s.incoming and (s.prev_at is null or s.prev_at <= s.at - interval '24 hours')
    ),
    sessions as (
      select st.*, least(coalesce(st.next_start, 'infinity'), st.start_at + interval '7 days') as end_at
        from starts st where st.start_at >= lo and st.start_at < hi
    ),
    outcomes as (
      select se."customer_id", se.start_at, se."platform", se."is_test",
             min(s.at) filter (where s.reply) as first_reply_at,
             (array_agg(s."ai_generated" order by s.at, s."id") filter (where s.reply))[1] as first_reply_ai,
             coalesce(bool_or(s.reply and not s."ai_generated"), false) as person_replied,
             coalesce(bool_or(s.reply and s."ai_generated"), false) as ai_replied,
             coalesce(bool_or(s.incoming and s."needs_human"), false) as needed_person,
             max(s.at) as last_at,
             (array_agg(s.next_at order by s.at desc, s."id" desc))[1] as after_last
        from sessions se join s on s."customer_id" = se."customer_id" and s.at >= se.start_at and s.at < se.end_at
       group by se."customer_id", se.start_at, se."platform", se."is_test"
    ),
    judged as (
      select o.*,
             (o.after_last is not null and o.after_last >= o.last_at + interval '24 hours')
             or (o.after_last is null and (o.last_at + interval '24 hours' <= now()
                 or exists (select from "conversations" c
                             where c."customer_id" = o."customer_id" and c."closed_at" >= o.last_at))) as ended
        from outcomes o
    ),
    -- Response times: a reply, from the customer's oldest message since the previous reply (7 days at most).
    waits as (
      select r."id", r.at, r."platform", r."is_test", r."ai_generated", min(i.at) as waiting_since
        from s r join s i on i."customer_id" = r."customer_id" and i.incoming
                          and i.replies_so_far = r.replies_so_far - 1 and i.at >= r.at - interval '7 days'
       where r.reply and r.at >= lo and r.at < hi
       group by r."id", r.at, r."platform", r."is_test", r."ai_generated"
    ),
    leads_opened as (
      select (l."created_at" at time zone tz)::date as day, c."platform", c."is_test",
             count(*) as n, coalesce(sum(l."value"), 0) as value
        from "leads" l join "customers" c on c."id" = l."customer_id"
       where l."owner_id" = "p_owner" and l."created_at" >= lo and l."created_at" < hi
       group by 1, 2, 3
    ),
    -- The funnel: the first time a customer reached each stage or a later one.
    moved as (
      select distinct sc."customer_id" from "stage_changes" sc
       where sc."owner_id" = "p_owner" and sc."at" >= lo and sc."at" < hi
    ),
    reached as (
      select sc."customer_id", lv.level, min(sc."at") as first_at
        from moved join "stage_changes" sc on sc."customer_id" = moved."customer_id"
        cross join lateral generate_series(0, array_position(
          array['new', 'interested', 'qualified', 'follow-up', 'converted'], sc."to_stage") - 1) as lv(level)
       group by sc."customer_id", lv.level
    ),
    reached_days as (
      select (r.first_at at time zone tz)::date as day, c."platform", c."is_test", r.level, count(*) as n
        from reached r join "customers" c on c."id" = r."customer_id"
       where r.first_at >= lo and r.first_at < hi
       group by 1, 2, 3, 4
    ),
    facts as (
      select (s.at at time zone tz)::date as day, s."platform", s."is_test",
             case when s.incoming then 'messages_in' when s.away then 'messages_out_away'
                  when s."ai_generated" then 'messages_out_ai' else 'messages_out_person' end as metric,
             1::numeric as amount, null::text as kind, null::int as bucket
        from s where s.at >= lo and s.at < hi
      union all
      select (j.start_at at time zone tz)::date, j."platform", j."is_test", f.metric, 1, null, null
        from judged j cross join lateral (values
          ('conversations_started', true),
          ('conversations_unanswered', j.first_reply_at is null),
          ('conversations_handed_off', j.person_replied or j.needed_person),
          ('conversations_ai_resolved', j.ai_replied and not j.person_replied and not j.needed_person and j.ended)
        ) as f(metric, holds)
       where f.holds
      union all
      select l.day, l."platform", l."is_test", 'leads_opened', l.n, null, null from leads_opened l
      union all
      select l.day, l."platform", l."is_test", 'leads_value', l.value, null, null from leads_opened l
      union all
      select r.day, r."platform", r."is_test", 'reached_' || r.level, r.n, null, null from reached_days r
      union all
      select (j.start_at at time zone tz)::date, j."platform", j."is_test", null, 1,
             case when j.first_reply_ai then 'first_ai' else 'first_person' end,
             width_bucket(extract(epoch from j.first_reply_at - j.start_at)::double precision, scale)
        from judged j where j.first_reply_at is not null
      union all
      select (w.at at time zone tz)::date, w."platform", w."is_test", null, 1,
             case when w."ai_generated" then 'reply_ai' else 'reply_person' end,
             width_bucket(extract(epoch from w.at - w.waiting_since)::double precision, scale)
        from waits w
    ),
    days as (
      insert into "report_days" ("owner_id", "day", "platform", "is_test", "conversations_started",
        "conversations_unanswered", "conversations_handed_off", "conversations_ai_resolved", "messages_in",
        "messages_out_ai", "messages_out_person", "messages_out_away", "leads_opened", "leads_value", "reached_new",
        "reached_interested", "reached_qualified", "reached_follow_up", "reached_converted")
      select "p_owner", f.day, f."platform", f."is_test",
             coalesce(sum(f.amount) filter (where f.metric = 'conversations_started'), 0),
             coalesce(sum(f.amount) filter (where f.metric = 'conversations_unanswered'), 0),
             coalesce(sum(f.amount) filter (where f.metric = 'conversations_handed_off'), 0),
             coalesce(sum(f.amount) filter (where f.metric = 'conversations_ai_resolved'), 0),
             coalesce(sum(f.amount) filter (where f.metric = 'messages_in'), 0),
             coalesce(sum(f.amount) filter (where f.metric = 'messages_out_ai'), 0),
             coalesce(sum(f.amount) filter (where f.metric = 'messages_out_person'), 0),
             coalesce(sum(f.amount) filter (where f.metric = 'messages_out_away'), 0),
             coalesce(sum(f.amount) filter (where f.metric = 'leads_opened'), 0),
             coalesce(sum(f.amount) filter (where f.metric = 'leads_value'), 0),
             coalesce(sum(f.amount) filter (where f.metric = 'reached_0'), 0),
             coalesce(sum(f.amount) filter (where f.metric = 'reached_1'), 0),
             coalesce(sum(f.amount) filter (where f.metric = 'reached_2'), 0),
             coalesce(sum(f.amount) filter (where f.metric = 'reached_3'), 0),
             coalesce(sum(f.amount) filter (where f.metric = 'reached_4'), 0)
        from facts f where f.metric is not null
       group by f.day, f."platform", f."is_test"
    )
    insert into "report_response_days" ("owner_id", "day", "platform", "is_test", "kind", "bucket", "n")
    select "p_owner", f.day, f."platform", f."is_test", f.kind, f.bucket, count(*)
      from facts f where f.kind is not null
     group by f.day, f."platform", f."is_test", f.kind, f.bucket;
  end $$`;

/**
 * Folds the owner's due marks (p_wait false: returns -1 at once when another transaction is folding them).
 * Returns how many marks were taken. A change at t can move the figures of conversations started up to 7 days
 * before it, and (a message written or deleted after later ones) whether a message up to 24 hours after it
 * starts a conversation: those local days are recomputed.
 */
const FOLD = `create function "report_fold"("p_owner" uuid, "p_wait" boolean) returns int
  language plpgsql set search_path from current as $$
  declare
    taken int;
    whole boolean;
    first_at timestamptz;
    last_at timestamptz;
    tz text := report_time_zone("p_owner");
  begin
    if "p_wait" then
      perform pg_advisory_xact_lock(hashtext('report_fold'), hashtext("p_owner"::text));
    elsif not pg_try_advisory_xact_lock(hashtext('report_fold'), hashtext("p_owner"::text)) then
      return -1;
    end if;
    with marks as (
      delete from "report_dirty" where "owner_id" = "p_owner" and "due_at" <= now()
      returning "at", "follow_up"
    ),
    later as (
      insert into "report_dirty" ("owner_id", "at", "due_at", "follow_up")
      select distinct "p_owner", date_trunc('minute', marks."at"),
             date_trunc('minute', marks."at") + interval '24 hours 1 minute', true
        from marks
       where not marks."follow_up" and marks."at" is not null
         and marks."at" + interval '24 hours' >= now() - interval '1 minute'
      on conflict ("owner_id", "at") where "follow_up" do nothing
    )
    select count(*), coalesce(bool_or(marks."at" is null), false), min(marks."at"), max(marks."at")
      into taken, whole, first_at, last_at from marks;
    if taken = 0 then
      return 0;
    end if;
    if whole then
      perform report_recompute("p_owner", '-infinity'::date, null);
    else
      perform report_recompute("p_owner", ((first_at - interval '7 days') at time zone tz)::date,
                               ((last_at + interval '25 hours') at time zone tz)::date);
    end if;
    return taken;
  end $$`;
