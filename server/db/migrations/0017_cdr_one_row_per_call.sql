-- One cdr row per call leg of the caller, as the simulator writes it (issue 12): Asterisk writes a row
-- for every channel a Dial or a ringall queue rang (a queue call answered by 202 while 201 rang too:
-- 202 ANSWERED and 201 NO ANSWER; abandoned in a queue of two members: two NO ANSWER rows), so the
-- reports counted one call several times. A row of a caller's channel (uniqueid, channel) already
-- written is kept or replaced by the new one, whichever says more: answered before busy before no
-- answer before failed, then the longer billed time, then the later row (a call picked up at 201 while
-- it rang at 202: Asterisk writes both answered, 201's last). Replaced by DELETE and INSERT, so the rollup
-- triggers of 0007 see both; a recording named by either row is kept. A simulator's rows go straight
-- into cdr (one per call already), so only what Asterisk's cdr_pgsql writes is merged here.
CREATE OR REPLACE FUNCTION "cdr_disposition_rank"(disposition text) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE upper(coalesce(disposition, '')) WHEN 'ANSWERED' THEN 4 WHEN 'BUSY' THEN 3 WHEN 'NO ANSWER' THEN 2 WHEN 'FAILED' THEN 1 ELSE 0 END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "asterisk_cdr_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  started timestamptz := coalesce(NEW."start", NEW."calldate", now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
  owner integer := "asterisk_corp_id"(NEW."accountcode", NEW."channel");
  leg_uniqueid text := left(coalesce(NEW."uniqueid", ''), 150);
  leg_channel text := left(coalesce(NEW."channel", ''), 80);
  recording text := left(coalesce(NEW."recordingfile", ''), 255);
  earlier record;
BEGIN
  IF leg_uniqueid <> '' THEN
    SELECT c."id", c."disposition", c."billsec", c."recordingfile" INTO earlier
    FROM "cdr" c
    WHERE c."uniqueid" = leg_uniqueid AND c."channel" = leg_channel AND c."corp_id" IS NOT DISTINCT FROM owner
    ORDER BY c."id"
    LIMIT 1;
    IF FOUND THEN
      IF "cdr_disposition_rank"(NEW."disposition") < "cdr_disposition_rank"(earlier."disposition")
        OR ("cdr_disposition_rank"(NEW."disposition") = "cdr_disposition_rank"(earlier."disposition") AND coalesce(NEW."billsec", 0) < earlier."billsec") THEN
        -- the earlier row stays; it takes the new one's recording if it has none (the rollup reads no recording)
        IF earlier."recordingfile" = '' AND recording <> '' THEN
          UPDATE "cdr" SET "recordingfile" = recording WHERE "id" = earlier."id";
        END IF;
        RETURN NULL;
      END IF;
      IF recording = '' THEN
        recording := earlier."recordingfile";
      END IF;
      DELETE FROM "cdr" WHERE "id" = earlier."id";
    END IF;
  END IF;
  INSERT INTO "cdr" ("corp_id", "calldate", "clid", "src", "dst", "dcontext", "channel", "dstchannel", "lastapp", "lastdata",
    "start", "answer", "end", "duration", "billsec", "disposition", "amaflags", "accountcode", "userfield", "uniqueid", "linkedid",
    "peeraccount", "sequence", "recordingfile")
  VALUES (
    owner,
    coalesce(NEW."calldate" AT TIME ZONE 'UTC', started),
    left(coalesce(NEW."clid", ''), 80), left(coalesce(NEW."src", ''), 80), left(coalesce(NEW."dst", ''), 80),
    left(coalesce(NEW."dcontext", ''), 80), leg_channel, left(coalesce(NEW."dstchannel", ''), 80),
    left(coalesce(NEW."lastapp", ''), 80), left(coalesce(NEW."lastdata", ''), 80),
    started,
    -- an unanswered call's answer time is the epoch
    CASE WHEN NEW."answer" > '1971-01-01' THEN NEW."answer" AT TIME ZONE 'UTC' END,
    CASE WHEN NEW."end" > '1971-01-01' THEN NEW."end" AT TIME ZONE 'UTC' END,
    coalesce(NEW."duration", 0), coalesce(NEW."billsec", 0),
    left(coalesce(NEW."disposition", ''), 45), left(coalesce(NEW."amaflags", 'DOCUMENTATION'), 45),
    left(coalesce(NEW."accountcode", ''), 80), left(coalesce(NEW."userfield", ''), 256),
    leg_uniqueid, left(coalesce(NEW."linkedid", ''), 150),
    left(coalesce(NEW."peeraccount", ''), 80), coalesce(NEW."sequence", 0), recording
  );
  RETURN NEW;
END
$$;
