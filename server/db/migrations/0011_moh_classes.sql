-- Hold music reaches Asterisk (issue 12): a queue's realtime `musiconhold` is its own class when the
-- queue has hold music files (C-QUE-17..20, class queue_{queueId}), else its corp's when the corp has
-- some (C-MOH, class corp_{corpId}), else what the queue row says (default 'default'). The classes
-- themselves are written by the server with the dialplan (musiconhold_callboard.conf, mode playlist,
-- server/asterisk/dialplan.ts), since only the server knows where the sound files are on disk.
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
  0::integer AS "wrapuptime",
  'yes'::varchar(3) AS "setinterfacevar",
  'yes'::varchar(3) AS "setqueuevar",
  'yes'::varchar(3) AS "setqueueentryvar"
FROM "queue" q
JOIN "corp" c ON c."id" = q."corp_id"
WHERE c."enabled";
