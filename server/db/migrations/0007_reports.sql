CREATE TABLE "cdr_class" (
	"cdr_id" bigint PRIMARY KEY NOT NULL,
	"direction" smallint NOT NULL,
	"group_id" integer NOT NULL,
	"corp_id" integer NOT NULL,
	"calldate" timestamp with time zone NOT NULL,
	"src" varchar(80) NOT NULL,
	"duration" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cdr_hourly" (
	"corp_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"direction" smallint NOT NULL,
	"group_id" integer NOT NULL,
	"calls" integer NOT NULL,
	"answered" integer NOT NULL,
	"billsec" bigint NOT NULL,
	"cost" numeric(14, 4) NOT NULL,
	CONSTRAINT "cdr_hourly_corp_id_hour_direction_group_id_pk" PRIMARY KEY("corp_id","hour","direction","group_id")
);
--> statement-breakpoint
CREATE TABLE "destination_pattern" (
	"group_id" integer NOT NULL,
	"pattern" text NOT NULL,
	"regex" text NOT NULL,
	"rank" integer NOT NULL,
	CONSTRAINT "destination_pattern_group_id_pattern_pk" PRIMARY KEY("group_id","pattern")
);
--> statement-breakpoint
CREATE TABLE "tariff" (
	"id" serial PRIMARY KEY NOT NULL,
	"corp_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"price_per_minute" numeric(12, 4) NOT NULL,
	"minimum_sec" integer DEFAULT 0 NOT NULL,
	"increment_sec" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "destination_pattern" ADD CONSTRAINT "destination_pattern_group_id_destination_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."destination_group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff" ADD CONSTRAINT "tariff_corp_id_corp_id_fk" FOREIGN KEY ("corp_id") REFERENCES "public"."corp"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff" ADD CONSTRAINT "tariff_group_id_destination_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."destination_group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tariff_corp_group_unique" ON "tariff" USING btree ("corp_id","group_id");--> statement-breakpoint
-- Reports (issue 10): classification, rating and the hourly rollup of call records, in the database
-- so they hold for rows Asterisk's cdr_pgsql inserts itself. bench/README.md "Reports" has the why.
-- An Asterisk dialplan pattern (with or without '_') as an anchored POSIX regex: X 0-9, Z 1-9, N 2-9,
-- [..] as it is, '.' one or more, '!' zero or more, '*' literal. '*' first: '!' brings one of its own.
CREATE FUNCTION dialplan_regex(pattern text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT '^' || replace(replace(replace(replace(replace(replace(upper(ltrim(pattern, '_')), '*', '\*'), 'X', '[0-9]'), 'Z', '[1-9]'), 'N', '[2-9]'), '.', '.+'), '!', '.*') || '$'
$$;
--> statement-breakpoint
-- Lower wins when several patterns match: fixed-length before open-ended, then more characters, then
-- more literal digits (Asterisk's own order is alike: the most specific pattern).
CREATE FUNCTION dialplan_rank(pattern text) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT (CASE WHEN p ~ '[.!]$' THEN 100000 ELSE 0 END) - 100 * length(regexp_replace(p, '\[[^]]*\]', 'C', 'g')) - length(regexp_replace(p, '[^0-9]', '', 'g'))
  FROM (SELECT upper(ltrim(pattern, '_')) AS p) s
$$;
--> statement-breakpoint
-- A pattern the validation let through but the regex engine refuses ([5-2]) must never break a cdr insert.
CREATE FUNCTION regex_ok(regex text) RETURNS boolean LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  PERFORM '' ~ regex;
  RETURN true;
EXCEPTION WHEN invalid_regular_expression THEN
  RETURN false;
END $$;
--> statement-breakpoint
CREATE FUNCTION destination_pattern_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    DELETE FROM destination_pattern WHERE group_id = OLD.id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO destination_pattern (group_id, pattern, regex, rank)
    SELECT NEW.id, p, dialplan_regex(p), dialplan_rank(p)
    FROM (SELECT DISTINCT jsonb_array_elements_text(NEW.patterns) AS p) s
    WHERE regex_ok(dialplan_regex(p))
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER destination_pattern_sync AFTER INSERT OR UPDATE OR DELETE ON destination_group FOR EACH ROW EXECUTE FUNCTION destination_pattern_sync();
--> statement-breakpoint
INSERT INTO destination_pattern (group_id, pattern, regex, rank)
SELECT g.id, p, dialplan_regex(p), dialplan_rank(p)
FROM destination_group g, LATERAL (SELECT DISTINCT jsonb_array_elements_text(g.patterns) AS p) s
WHERE regex_ok(dialplan_regex(p))
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The direction of a call (domain CALL_DIRECTION): 2 incoming when it came in through a trunk (the
-- caller's channel is a trunk endpoint, `{corp}_trunk` or `trunk_{id}`) or in an inbound context;
-- 1 outgoing when it went out through one (the dialled channel is a trunk, or Dial named an AOR at an
-- endpoint: PJSIP/number@trunk); 3 internal otherwise.
CREATE FUNCTION cdr_direction(channel text, dstchannel text, dcontext text, lastdata text) RETURNS smallint LANGUAGE sql IMMUTABLE AS $$
  SELECT (CASE
    WHEN channel ~* '^[a-z0-9]+/([0-9]+_)?trunk' OR dcontext LIKE '%-inbound' THEN 2
    WHEN dstchannel ~* '^[a-z0-9]+/([0-9]+_)?trunk' OR lastdata LIKE '%@%' THEN 1
    ELSE 3 END)::smallint
$$;
--> statement-breakpoint
-- The destination group of a call: of the caller's number when incoming, else of the dialled number;
-- the most specific pattern wins. The incoming group (domain INCOMING_GROUP_NAME, 'Entrante', whose
-- _X. matches anything) is only the fallback of incoming calls. 0 when none.
CREATE FUNCTION cdr_group(p_direction smallint, p_src text, p_dst text) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    (SELECT p.group_id FROM destination_pattern p JOIN destination_group g ON g.id = p.group_id
      WHERE lower(g.name) <> 'entrante' AND (CASE WHEN p_direction = 2 THEN p_src ELSE p_dst END) ~ p.regex
      ORDER BY p.rank, p.group_id LIMIT 1),
    (SELECT g.id FROM destination_group g WHERE p_direction = 2 AND lower(g.name) = 'entrante'),
    0)
$$;
--> statement-breakpoint
-- The cost of a call by its corp's tariff (domain/reports/tariff.ts): outgoing calls only; null when
-- no tariff covers the group; 0 when not answered.
CREATE FUNCTION cdr_rate_cost(p_corp integer, p_direction smallint, p_group integer, p_billsec integer, p_disposition text) RETURNS numeric LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN p_disposition <> 'ANSWERED' OR p_billsec <= 0 THEN 0::numeric
    ELSE round(greatest(t.minimum_sec, CASE WHEN t.increment_sec > 0 THEN ceil(p_billsec::numeric / t.increment_sec) * t.increment_sec ELSE p_billsec END) * t.price_per_minute / 60, 4) END
  FROM tariff t WHERE p_direction = 1 AND t.corp_id = p_corp AND t.group_id = p_group
$$;
--> statement-breakpoint
CREATE FUNCTION cdr_rate() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  direction smallint := cdr_direction(NEW.channel, NEW.dstchannel, NEW.dcontext, NEW.lastdata);
BEGIN
  IF direction = 1 THEN
    NEW.cost := cdr_rate_cost(NEW.corp_id, direction, cdr_group(direction, NEW.src, NEW.dst), NEW.billsec, NEW.disposition);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER cdr_rate BEFORE INSERT ON cdr FOR EACH ROW WHEN (NEW.cost IS NULL) EXECUTE FUNCTION cdr_rate();
--> statement-breakpoint
-- Classifies cdr rows (cdr_class): their direction and destination group, found once per row.
CREATE FUNCTION cdr_classify(p_rows cdr[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO cdr_class (cdr_id, direction, group_id, corp_id, calldate, src, duration)
  SELECT r.id, d.direction, cdr_group(d.direction, r.src, r.dst), r.corp_id, r.calldate, r.src, r.duration
  FROM unnest(p_rows) r, LATERAL (SELECT cdr_direction(r.channel, r.dstchannel, r.dcontext, r.lastdata) AS direction) d
  ON CONFLICT (cdr_id) DO UPDATE SET direction = excluded.direction, group_id = excluded.group_id, corp_id = excluded.corp_id, calldate = excluded.calldate, src = excluded.src, duration = excluded.duration
$$;
--> statement-breakpoint
-- The rollup rows of classified cdr rows (an insert's or a delete's transition table, or a range):
-- per corp, and the platform's (corp 0).
CREATE FUNCTION cdr_hourly_rows(p_rows cdr[]) RETURNS TABLE (corp_id integer, hour timestamptz, direction smallint, group_id integer, calls bigint, answered bigint, billsec bigint, cost numeric) LANGUAGE sql STABLE AS $$
  SELECT coalesce(r.corp_id, 0), r.hour, r.direction, r.group_id,
    count(*), count(*) FILTER (WHERE r.disposition = 'ANSWERED'), sum(r.billsec), coalesce(sum(r.cost), 0)
  FROM (SELECT r.corp_id, date_trunc('hour', r.calldate AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS hour, k.direction, k.group_id, r.disposition, r.billsec, r.cost
        FROM unnest(p_rows) r JOIN cdr_class k ON k.cdr_id = r.id) r
  GROUP BY GROUPING SETS ((r.corp_id, r.hour, r.direction, r.group_id), (r.hour, r.direction, r.group_id))
$$;
--> statement-breakpoint
CREATE FUNCTION cdr_hourly_add(p_rows cdr[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO cdr_hourly AS h (corp_id, hour, direction, group_id, calls, answered, billsec, cost)
  SELECT * FROM cdr_hourly_rows(p_rows)
  ON CONFLICT (corp_id, hour, direction, group_id) DO UPDATE
    SET calls = h.calls + excluded.calls, answered = h.answered + excluded.answered, billsec = h.billsec + excluded.billsec, cost = h.cost + excluded.cost
$$;
--> statement-breakpoint
CREATE FUNCTION cdr_written() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  rows cdr[] := ARRAY(SELECT n::cdr FROM new_rows n);
BEGIN
  PERFORM cdr_classify(rows);
  PERFORM cdr_hourly_add(rows);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION cdr_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  rows cdr[] := ARRAY(SELECT o::cdr FROM old_rows o);
BEGIN
  UPDATE cdr_hourly h SET calls = h.calls - o.calls, answered = h.answered - o.answered, billsec = h.billsec - o.billsec, cost = h.cost - o.cost
  FROM cdr_hourly_rows(rows) o
  WHERE h.corp_id = o.corp_id AND h.hour = o.hour AND h.direction = o.direction AND h.group_id = o.group_id;
  DELETE FROM cdr_hourly WHERE calls <= 0;
  DELETE FROM cdr_class WHERE cdr_id IN (SELECT o.id FROM old_rows o);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER cdr_written AFTER INSERT ON cdr REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cdr_written();
--> statement-breakpoint
CREATE TRIGGER cdr_deleted AFTER DELETE ON cdr REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION cdr_deleted();
--> statement-breakpoint
-- Classifies and sums again the whole hours that [p_from, p_to) touches, from the cdr rows, a day of
-- rows at a time (after a bulk load with the triggers off, or to apply changed destination groups).
CREATE FUNCTION cdr_hourly_rebuild(p_from timestamptz, p_to timestamptz) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  first_hour timestamptz := date_trunc('hour', p_from AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
  end_hour timestamptz := (date_trunc('hour', (p_to - interval '1 microsecond') AT TIME ZONE 'UTC') AT TIME ZONE 'UTC') + interval '1 hour';
  chunk timestamptz := first_hour;
  rows cdr[];
BEGIN
  DELETE FROM cdr_hourly WHERE hour >= first_hour AND hour < end_hour;
  WHILE chunk < end_hour LOOP
    rows := ARRAY(SELECT c FROM cdr c WHERE c.calldate >= chunk AND c.calldate < least(chunk + interval '1 day', end_hour));
    PERFORM cdr_classify(rows);
    PERFORM cdr_hourly_add(rows);
    chunk := chunk + interval '1 day';
  END LOOP;
END $$;
--> statement-breakpoint
-- The summarised CDR report of a corp and a period (per caller and destination type) from the index alone.
CREATE INDEX cdr_class_corp_calldate_idx ON cdr_class (corp_id, calldate) INCLUDE (direction, group_id, src, duration);
--> statement-breakpoint
-- The spend per corp of the general dashboard reads every corp's rows of a week: by hour, from the index
-- alone. Partial: the platform's rows (corp 0) are read through the primary key, not through this.
CREATE INDEX cdr_hourly_hour_idx ON cdr_hourly (hour) INCLUDE (corp_id, direction, calls, billsec, cost) WHERE corp_id <> 0;
--> statement-breakpoint
-- A time range of every corp (the general dashboard's edges of a zone off the whole hour): rows are
-- appended in time order, so a block range index finds them at a fraction of a b-tree's size.
CREATE INDEX cdr_calldate_brin_idx ON cdr USING brin (calldate);
