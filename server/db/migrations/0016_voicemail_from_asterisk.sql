-- A message left on Asterisk (issue 12): the generated dialplan's hangup handler after VoiceMail()
-- (dialplan.ts voicemailSteps) stores it through realtime (REALTIME_STORE of the family vmmessages)
-- into this view; the trigger makes it a row of Callboard's voicemail, attributed to the corp of the
-- mailbox's context (c{corpId}-vm), and NOTIFYs callboard_voicemail with the row and Asterisk's file
-- (without its extension), which the PBX-driving server copies into its file store
-- (server/asterisk/voicemail-import.ts). The view shows nothing: Asterisk only writes to it.
CREATE VIEW "asterisk_voicemail_message" AS
SELECT
  ''::varchar(80) AS "context",
  v."mailbox",
  v."origtime",
  v."callerid",
  ''::varchar(255) AS "file"
FROM "voicemail" v
WHERE false;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "asterisk_voicemail_message_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner integer := substring(coalesce(NEW."context", '') from '^c([0-9]{1,9})-vm$')::integer;
  created bigint;
BEGIN
  IF owner IS NULL OR NOT EXISTS (SELECT 1 FROM "corp" c WHERE c."id" = owner) THEN
    RAISE WARNING 'callboard: a voicemail message of the context % belongs to no corp', NEW."context";
    RETURN NULL;
  END IF;
  INSERT INTO "voicemail" ("corp_id", "mailbox", "origtime", "callerid", "destino", "duration", "flag", "recording")
  VALUES (
    owner,
    left(coalesce(NEW."mailbox", ''), 10),
    coalesce(NEW."origtime", extract(epoch from now())::bigint),
    left(coalesce(NEW."callerid", ''), 80),
    left(coalesce(NEW."mailbox", ''), 80),
    0,
    0,
    ''
  )
  RETURNING "id" INTO created;
  PERFORM pg_notify('callboard_voicemail', json_build_object('id', created, 'file', coalesce(NEW."file", ''))::text);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "asterisk_voicemail_message_insert" INSTEAD OF INSERT ON "asterisk_voicemail_message"
FOR EACH ROW EXECUTE FUNCTION "asterisk_voicemail_message_insert"();
