-- Queue login and logout from a phone (issue 12, C-CSD-06 speed dials `login_{corpId}_{queueId}` and
-- `logout_…`): the generated dialplan stores the calling endpoint into the realtime family
-- queue_members (REALTIME_STORE) and destroys it by `member_key` (REALTIME_DESTROY matches one field),
-- and these INSTEAD OF triggers write Callboard's queue_member rows, so Asterisk, the console and the
-- reports see one membership. A login names the corp's own queue and one of its extensions, or does
-- nothing; a second login is nothing new.
CREATE OR REPLACE VIEW "queue_members" AS
SELECT
  m."uniqueid"::integer AS "uniqueid",
  (q."corp_id"::text || '_' || q."id"::text)::varchar(80) AS "queue_name",
  m."interface"::varchar(80) AS "interface",
  m."exten_number"::varchar(80) AS "membername",
  m."interface"::varchar(80) AS "state_interface",
  m."penalty"::integer AS "penalty",
  m."paused"::integer AS "paused",
  ''::varchar(80) AS "reason_paused",
  (q."corp_id"::text || '_' || q."id"::text || '|' || m."interface")::varchar(160) AS "member_key"
FROM "queue_member" m
JOIN "queue" q ON q."id" = m."queue_id";
--> statement-breakpoint
CREATE FUNCTION "asterisk_queue_members_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  endpoint text := split_part(coalesce(NEW."interface", ''), '/', 2);
BEGIN
  INSERT INTO "queue_member" ("queue_id", "corp_id", "exten_number", "penalty", "paused")
  SELECT q."id", q."corp_id", e."number", coalesce(NEW."penalty", 1), coalesce(NEW."paused", 0)
  FROM "queue" q
  JOIN "extension" e ON e."corp_id" = q."corp_id" AND (q."corp_id"::text || '_' || e."number") = endpoint
  WHERE (q."corp_id"::text || '_' || q."id"::text) = NEW."queue_name"
  ON CONFLICT ("queue_id", "exten_number") DO NOTHING;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "asterisk_queue_members_insert" INSTEAD OF INSERT ON "queue_members" FOR EACH ROW EXECUTE FUNCTION "asterisk_queue_members_insert"();
--> statement-breakpoint
CREATE FUNCTION "asterisk_queue_members_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "queue_member" WHERE "uniqueid" = OLD."uniqueid";
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "asterisk_queue_members_delete" INSTEAD OF DELETE ON "queue_members" FOR EACH ROW EXECUTE FUNCTION "asterisk_queue_members_delete"();
