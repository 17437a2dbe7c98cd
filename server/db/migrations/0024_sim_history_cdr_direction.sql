-- H-WARM-02: a call's direction (domain CALL_DIRECTION) as the records of Asterisk and of the simulator
-- tell it, now with the userfield: 1 outgoing for a dialer campaign's call (`dialer:{id}:{number}`,
-- domain campaignCdrUserfield: an originated channel on a trunk, in the trunk's inbound context,
-- that migration 0007 read as incoming); 2 incoming when it came in through a trunk or in an inbound
-- context; 1 outgoing when it went out through one (the dialled channel is a trunk, or Dial named an
-- AOR at an endpoint: `PJSIP/number@trunk,...`; a mailbox `202@c2-vm` is no way out, so an internal
-- call that ends in voicemail stays internal); 3 internal otherwise.
CREATE FUNCTION cdr_direction(channel text, dstchannel text, dcontext text, lastdata text, userfield text) RETURNS smallint LANGUAGE sql IMMUTABLE AS $$
  SELECT (CASE
    WHEN userfield LIKE 'dialer:%' THEN 1
    WHEN channel ~* '^[a-z0-9]+/([0-9]+_)?trunk' OR dcontext LIKE '%-inbound' THEN 2
    WHEN dstchannel ~* '^[a-z0-9]+/([0-9]+_)?trunk' OR lastdata ~* '^[a-z0-9]+/[^,@]+@' THEN 1
    ELSE 3 END)::smallint
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cdr_classify(p_rows cdr[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO cdr_class (cdr_id, direction, group_id, corp_id, calldate, src, duration)
  SELECT r.id, d.direction, cdr_group(d.direction, r.src, r.dst), r.corp_id, r.calldate, r.src, r.duration
  FROM unnest(p_rows) r, LATERAL (SELECT cdr_direction(r.channel, r.dstchannel, r.dcontext, r.lastdata, r.userfield) AS direction) d
  ON CONFLICT (cdr_id) DO UPDATE SET direction = excluded.direction, group_id = excluded.group_id, corp_id = excluded.corp_id, calldate = excluded.calldate, src = excluded.src, duration = excluded.duration
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cdr_rate() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  direction smallint := cdr_direction(NEW.channel, NEW.dstchannel, NEW.dcontext, NEW.lastdata, NEW.userfield);
BEGIN
  IF direction = 1 THEN
    NEW.cost := cdr_rate_cost(NEW.corp_id, direction, cdr_group(direction, NEW.src, NEW.dst), NEW.billsec, NEW.disposition);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
DROP FUNCTION cdr_direction(text, text, text, text);
--> statement-breakpoint
-- the rows the new rule reads otherwise, classified and summed again (their hours)
DO $$
DECLARE
  lo timestamptz;
  hi timestamptz;
BEGIN
  SELECT min(calldate), max(calldate) INTO lo, hi FROM cdr
    WHERE userfield LIKE 'dialer:%' OR (lastdata LIKE '%@%' AND lastdata !~* '^[a-z0-9]+/[^,@]+@');
  IF lo IS NOT NULL THEN
    PERFORM cdr_hourly_rebuild(lo, hi + interval '1 second');
  END IF;
END $$;
--> statement-breakpoint
-- H-WARM-03: how far the demo's day behind was filled (server/live/history-backfill.ts): the window
-- [from, to) and the time reached, written after each step, so a start stopped early is finished by the
-- next. The simulator's own bookkeeping, one row, read and written by that file alone (not in the
-- drizzle schema: no screen or API shows it).
CREATE TABLE IF NOT EXISTS "sim_history" (
  "id" smallint PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
  "from" timestamp with time zone NOT NULL,
  "to" timestamp with time zone NOT NULL,
  "reached" timestamp with time zone NOT NULL
);
