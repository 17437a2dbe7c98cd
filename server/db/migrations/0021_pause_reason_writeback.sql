-- A realtime member's pause reason from Asterisk (issue 21, G-AGS-04): app_queue writes back only the
-- paused flag of a realtime member (realtime_reason_paused is not taken for views here), while its queue_log
-- PAUSE row carries the reason (data1). The queue_log trigger keeps it on the member, so Callboard's row says
-- why the member is paused, as the simulator's write-back does.
CREATE OR REPLACE FUNCTION "asterisk_queue_log_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  agent text := coalesce(NEW."agent", '');
  corp integer := "asterisk_corp_id"(NULL, NEW."queuename");
BEGIN
  IF corp = 0 THEN
    corp := "asterisk_corp_id"(NULL, agent);
  END IF;
  IF agent ~ '^[A-Za-z]+/[0-9]{1,9}_[0-9A-Za-z]+$' THEN
    agent := substring(agent from '_([0-9A-Za-z]+)$');
  END IF;
  INSERT INTO "queue_log" ("corp_id", "time", "callid", "queuename", "agent", "event", "data1", "data2", "data3", "data4", "data5")
  VALUES (
    corp,
    coalesce(NEW."time", now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC',
    left(coalesce(NEW."callid", ''), 80), left(coalesce(NEW."queuename", ''), 256), left(agent, 80),
    left(coalesce(NEW."event", ''), 32),
    left(coalesce(NEW."data1", ''), 100), left(coalesce(NEW."data2", ''), 100), left(coalesce(NEW."data3", ''), 100),
    left(coalesce(NEW."data4", ''), 100), left(coalesce(NEW."data5", ''), 100)
  );
  IF NEW."event" IN ('PAUSE', 'UNPAUSE') THEN
    UPDATE "queue_member" m
    SET "reason_paused" = CASE WHEN NEW."event" = 'PAUSE' THEN left(coalesce(NEW."data1", ''), 80) ELSE '' END
    FROM "queue" q
    WHERE q."id" = m."queue_id" AND (q."corp_id"::text || '_' || q."id"::text) = NEW."queuename" AND m."exten_number" = agent;
  END IF;
  RETURN NEW;
END
$$;
