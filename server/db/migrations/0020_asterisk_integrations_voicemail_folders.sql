-- Integrations and voicemail folders on Asterisk (G-AST-01, G-AST-02).
--
-- An integration's user and password for the call that asks its host (server/asterisk/integration-dialplan.ts):
-- read through realtime (extconfig family `integrations`) when the call asks, so they stay out of the
-- dialplan file, which everyone on the host may read. Basic authentication's `user:password`.
CREATE VIEW "asterisk_integration" AS
SELECT
  i."id",
  i."corp_id",
  i."host",
  (i."user" || ':' || i."password")::varchar(129) AS "userpwd"
FROM "integration" i;
--> statement-breakpoint
-- A message left on Asterisk remembers where it is there: Asterisk's msg_id (its .txt file's) and the
-- mailbox's folder in Asterisk's spool, set when its audio is copied (server/asterisk/voicemail-import.ts).
ALTER TABLE "voicemail" ADD COLUMN "asterisk_msg_id" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "voicemail" ADD COLUMN "asterisk_mailbox_dir" varchar(255) DEFAULT '' NOT NULL;--> statement-breakpoint
-- Listened (flag 1) or new again (0) in Callboard, whichever instance served it: the PBX-driving server
-- LISTENs and moves the message between Asterisk's INBOX and Old (server/asterisk/voicemail-folders.ts).
-- Only rows with a message on Asterisk: the simulator's have none.
CREATE OR REPLACE FUNCTION "voicemail_flag_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('callboard_voicemail_flag', json_build_object('id', NEW."id", 'flag', NEW."flag")::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "voicemail_flag_notify" AFTER UPDATE OF "flag" ON "voicemail"
FOR EACH ROW WHEN (OLD."flag" IS DISTINCT FROM NEW."flag" AND NEW."asterisk_msg_id" <> '')
EXECUTE FUNCTION "voicemail_flag_notify"();
