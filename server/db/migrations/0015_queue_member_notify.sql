-- A phone's queue login or logout (0013: Asterisk writes the realtime view queue_members) tells the
-- Callboard servers at once (issue 12): NOTIFY callboard_queue_members with the queue's realtime name,
-- when a membership was added or removed. The servers LISTEN and reload the live directory, so the
-- panel and the kiosk show the member without waiting for the next configuration write.
CREATE OR REPLACE FUNCTION "asterisk_queue_members_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  endpoint text := split_part(coalesce(NEW."interface", ''), '/', 2);
  added integer;
BEGIN
  INSERT INTO "queue_member" ("queue_id", "corp_id", "exten_number", "penalty", "paused")
  SELECT q."id", q."corp_id", e."number", coalesce(NEW."penalty", 1), coalesce(NEW."paused", 0)
  FROM "queue" q
  JOIN "extension" e ON e."corp_id" = q."corp_id" AND (q."corp_id"::text || '_' || e."number") = endpoint
  WHERE (q."corp_id"::text || '_' || q."id"::text) = NEW."queue_name"
  ON CONFLICT ("queue_id", "exten_number") DO NOTHING;
  GET DIAGNOSTICS added = ROW_COUNT;
  IF added > 0 THEN
    PERFORM pg_notify('callboard_queue_members', NEW."queue_name");
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "asterisk_queue_members_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  removed integer;
BEGIN
  DELETE FROM "queue_member" WHERE "uniqueid" = OLD."uniqueid";
  GET DIAGNOSTICS removed = ROW_COUNT;
  IF removed > 0 THEN
    PERFORM pg_notify('callboard_queue_members', OLD."queue_name");
  END IF;
  RETURN OLD;
END
$$;
