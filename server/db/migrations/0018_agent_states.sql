CREATE TABLE "pause_reason" (
	"id" serial PRIMARY KEY NOT NULL,
	"corp_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"code" varchar(16) NOT NULL,
	"productive" boolean DEFAULT false NOT NULL,
	"max_minutes" smallint
);
--> statement-breakpoint
ALTER TABLE "extension" ADD COLUMN "dnd_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "queue" ADD COLUMN "wrapup_sec" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "queue_member" ADD COLUMN "reason_paused" varchar(80) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "queue_member" ADD COLUMN "paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "role_group" ADD COLUMN "live_actions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "pause_reason" ADD CONSTRAINT "pause_reason_corp_id_corp_id_fk" FOREIGN KEY ("corp_id") REFERENCES "public"."corp"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pause_reason_corp_code_unique" ON "pause_reason" USING btree ("corp_id",lower("code"));--> statement-breakpoint
-- Agent states (issue 21, G-AGS, G-PAU): a queue's wrap-up reaches Asterisk (wrapuptime), and a
-- realtime member's pause reason and start live beside its paused flag. app_queue writes a pause back
-- through realtime (paused and reason_paused by uniqueid, when the table has reason_paused); the
-- trigger keeps when it began, so a restart shows the pause since then, not since the restart (G-AGS-04).
CREATE OR REPLACE VIEW "queues" AS
SELECT
  (q."corp_id"::text || '_' || q."id"::text)::varchar(128) AS "name",
  q."strategy"::varchar(16) AS "strategy",
  coalesce(q."timeout", 15)::integer AS "timeout",
  (CASE
    WHEN EXISTS (SELECT 1 FROM "moh_file" f WHERE f."queue_id" = q."id") THEN 'queue_' || q."id"::text
    WHEN EXISTS (SELECT 1 FROM "moh_file" f WHERE f."corp_id" = q."corp_id" AND f."queue_id" IS NULL) THEN 'corp_' || q."corp_id"::text
    ELSE q."musiconhold"
  END)::varchar(128) AS "musiconhold",
  (CASE WHEN q."ringinuse" THEN 'yes' ELSE 'no' END)::varchar(3) AS "ringinuse",
  (CASE WHEN q."announce_position" THEN 'yes' ELSE 'no' END)::varchar(3) AS "announce_position",
  q."announce_frequency"::integer AS "announce_frequency",
  (CASE WHEN q."autofill" THEN 'yes' ELSE 'no' END)::varchar(3) AS "autofill",
  q."servicelevel"::integer AS "servicelevel",
  'yes'::varchar(128) AS "joinempty",
  'no'::varchar(128) AS "leavewhenempty",
  2::integer AS "retry",
  q."wrapup_sec"::integer AS "wrapuptime",
  'yes'::varchar(3) AS "setinterfacevar",
  'yes'::varchar(3) AS "setqueuevar",
  'yes'::varchar(3) AS "setqueueentryvar"
FROM "queue" q
JOIN "corp" c ON c."id" = q."corp_id"
WHERE c."enabled";
--> statement-breakpoint
CREATE OR REPLACE VIEW "queue_members" AS
SELECT
  m."uniqueid"::integer AS "uniqueid",
  (q."corp_id"::text || '_' || q."id"::text)::varchar(80) AS "queue_name",
  m."interface"::varchar(80) AS "interface",
  m."exten_number"::varchar(80) AS "membername",
  m."interface"::varchar(80) AS "state_interface",
  m."penalty"::integer AS "penalty",
  m."paused"::integer AS "paused",
  m."reason_paused"::varchar(80) AS "reason_paused",
  (q."corp_id"::text || '_' || q."id"::text || '|' || m."interface")::varchar(160) AS "member_key"
FROM "queue_member" m
JOIN "queue" q ON q."id" = m."queue_id";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "asterisk_queue_members_update"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  now_paused integer := CASE WHEN coalesce(NEW."paused", 0)::text IN ('1', 'yes', 'true', 'on') THEN 1 ELSE 0 END;
BEGIN
  -- Asterisk writes back a realtime member's pause (QueuePause, PauseQueueMember) and penalty
  UPDATE "queue_member" SET
    "paused" = now_paused,
    "reason_paused" = CASE WHEN now_paused = 1 THEN coalesce(NEW."reason_paused", '') ELSE '' END,
    "paused_at" = CASE WHEN now_paused = 0 THEN NULL WHEN "paused" = 1 AND "paused_at" IS NOT NULL THEN "paused_at" ELSE now() END,
    "penalty" = coalesce(NEW."penalty", "penalty")
  WHERE "uniqueid" = OLD."uniqueid";
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- Do-not-disturb (G-AGS-03) as the dialplan reads and writes it: realtime family cb_dnd, one row per
-- endpoint, dnd 1 or 0. The phone's feature code sets it (REALTIME(cb_dnd,endpoint,…,dnd)=1); the
-- trigger keeps when it began and tells the Callboard servers (NOTIFY callboard_dnd), which show it.
CREATE VIEW "cb_dnd" AS
SELECT
  (e."corp_id"::text || '_' || e."number")::varchar(40) AS "endpoint",
  (CASE WHEN e."dnd_since" IS NULL THEN 0 ELSE 1 END)::integer AS "dnd"
FROM "extension" e;
--> statement-breakpoint
CREATE FUNCTION "cb_dnd_update"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed integer;
BEGIN
  UPDATE "extension" e SET "dnd_since" = CASE WHEN NEW."dnd"::text IN ('1', 'yes', 'true', 'on') THEN coalesce(e."dnd_since", now()) ELSE NULL END
  WHERE (e."corp_id"::text || '_' || e."number") = OLD."endpoint"
    AND (e."dnd_since" IS NULL) = (NEW."dnd"::text IN ('1', 'yes', 'true', 'on'));
  GET DIAGNOSTICS changed = ROW_COUNT;
  IF changed > 0 THEN
    PERFORM pg_notify('callboard_dnd', OLD."endpoint");
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "cb_dnd_update" INSTEAD OF UPDATE ON "cb_dnd" FOR EACH ROW EXECUTE FUNCTION "cb_dnd_update"();
--> statement-breakpoint
-- G-PRM-01: hanging up was the 'panel' update right; a role group that had it keeps it as the hangUp action
UPDATE "role_group" SET "live_actions" = '["hangUp"]'::jsonb
WHERE EXISTS (SELECT 1 FROM jsonb_array_elements("views") v WHERE v->>'name' = 'panel' AND (v->'actions') ? 'update');
--> statement-breakpoint
-- queue_log from Asterisk names a realtime member by its interface in ADDMEMBER / REMOVEMEMBER
-- (`PJSIP/2_201`, callid REALTIME) and by its member name elsewhere (`201`); the simulator writes the
-- member name always. One agent column for the reports: the member name. A row for no queue
-- (PAUSEALL's queuename NONE) takes its corp from the interface.
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
  RETURN NEW;
END
$$;
