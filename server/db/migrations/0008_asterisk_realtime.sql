-- Asterisk realtime over Callboard's own tables (ARCHITECTURE "Asterisk integration", server/asterisk).
-- Views with the column names of Asterisk's schema (contrib/ast-db-manage; reference/protocols.md §4-5):
-- Asterisk reads PJSIP objects and queues from them through res_config_pgsql (extconfig.conf, sorcery.conf
-- written by `npm run asterisk:config`), and writes cdr (cdr_pgsql, table asterisk_cdr) and queue_log
-- (realtime family queue_log -> asterisk_queue_log) through INSTEAD OF triggers into `cdr` and `queue_log`,
-- attributed to the corp: the accountcode (= corp id on every endpoint), else the `{corpId}_` of the
-- channel or queue name. Names: endpoints/auths/aors `{corpId}_{number}`, trunks `trunk_{number}`,
-- queues `{corpId}_{queueId}`, contexts `c{corpId}-internal` / `c{corpId}-inbound` / `c{corpId}-queues`.
-- Empty strings read as "not set" (res_config_pgsql skips empty values).
CREATE FUNCTION "asterisk_corp_id"("accountcode" text, "name" text) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN "accountcode" ~ '^[0-9]{1,9}$' THEN "accountcode"::integer
    WHEN "name" ~ '^([A-Za-z]+/)?[0-9]{1,9}_' THEN substring("name" from '^(?:[A-Za-z]+/)?([0-9]{1,9})_')::integer
    ELSE 0
  END
$$;
--> statement-breakpoint
CREATE VIEW "ps_endpoints" AS
SELECT
  (e."corp_id"::text || '_' || e."number")::varchar(255) AS "id",
  (CASE e."port_type" WHEN 'WSS' THEN 'transport-wss' WHEN 'TLS' THEN 'transport-tls' ELSE 'transport-udp' END)::varchar(40) AS "transport",
  (e."corp_id"::text || '_' || e."number")::varchar(2048) AS "aors",
  (e."corp_id"::text || '_' || e."number")::varchar(255) AS "auth",
  ('c' || e."corp_id"::text || '-internal')::varchar(40) AS "context",
  'all'::varchar(200) AS "disallow",
  (CASE e."port_type" WHEN 'WSS' THEN 'opus,ulaw,alaw' ELSE 'ulaw,alaw' END)::varchar(200) AS "allow",
  'no'::varchar(3) AS "direct_media",
  ('"' || replace(replace(coalesce(nullif(btrim(u."name"), ''), nullif(btrim(u."nick"), ''), nullif(btrim(e."description"), ''), e."number"), '"', ''), ';', ',')
    || '" <' || e."number" || '>')::varchar(255) AS "callerid",
  e."corp_id"::text::varchar(80) AS "accountcode",
  'rfc4733'::varchar(10) AS "dtmf_mode",
  'yes'::varchar(3) AS "rtp_symmetric",
  'yes'::varchar(3) AS "force_rport",
  'yes'::varchar(3) AS "rewrite_contact",
  (CASE e."port_type" WHEN 'WSS' THEN 'yes' ELSE 'no' END)::varchar(3) AS "webrtc",
  (e."number" || '@c' || e."corp_id"::text || '-vm')::varchar(255) AS "mailboxes",
  (CASE WHEN e."callgroup" > 0 THEN e."callgroup"::text ELSE '' END)::varchar(80) AS "named_call_group",
  (CASE WHEN e."callgroup" > 0 THEN e."callgroup"::text ELSE '' END)::varchar(80) AS "named_pickup_group",
  ''::varchar(80) AS "outbound_auth",
  ''::varchar(40) AS "from_user",
  ''::varchar(40) AS "from_domain"
FROM "extension" e
JOIN "corp" c ON c."id" = e."corp_id"
LEFT JOIN "app_user" u ON u."id" = e."user_id"
WHERE e."enabled" AND c."enabled"
UNION ALL
SELECT
  ('trunk_' || t."number")::varchar(255),
  'transport-udp',
  ('trunk_' || t."number")::varchar(2048),
  '',
  ('c' || t."corp_id"::text || '-inbound')::varchar(40),
  'all',
  'ulaw,alaw',
  'no',
  '', -- no callerid: the carrier's caller stays the caller
  t."corp_id"::text::varchar(80),
  'rfc4733',
  'yes',
  'yes',
  'no',
  'no',
  '',
  '',
  '',
  (CASE WHEN t."pass" <> '' THEN 'trunk_' || t."number" ELSE '' END)::varchar(80),
  t."number"::varchar(40),
  t."from_domain"::varchar(40)
FROM "trunk" t
JOIN "corp" c ON c."id" = t."corp_id"
WHERE t."enabled" AND c."enabled";
--> statement-breakpoint
CREATE VIEW "ps_auths" AS
SELECT
  (e."corp_id"::text || '_' || e."number")::varchar(255) AS "id",
  'userpass'::varchar(20) AS "auth_type",
  e."pass"::varchar(80) AS "password",
  (e."corp_id"::text || '_' || e."number")::varchar(255) AS "username"
FROM "extension" e
JOIN "corp" c ON c."id" = e."corp_id"
WHERE e."enabled" AND c."enabled"
UNION ALL
SELECT
  ('trunk_' || t."number")::varchar(255),
  'userpass',
  t."pass"::varchar(80),
  (CASE WHEN t."outbound_auth" <> '' THEN t."outbound_auth" ELSE t."number" END)::varchar(255)
FROM "trunk" t
WHERE t."pass" <> '';
--> statement-breakpoint
CREATE VIEW "ps_aors" AS
SELECT
  (e."corp_id"::text || '_' || e."number")::varchar(255) AS "id",
  greatest(e."max_contacts", 1)::integer AS "max_contacts",
  'yes'::varchar(3) AS "remove_existing",
  30::integer AS "qualify_frequency",
  ''::varchar(511) AS "contact",
  (e."number" || '@c' || e."corp_id"::text || '-vm')::varchar(80) AS "mailboxes"
FROM "extension" e
JOIN "corp" c ON c."id" = e."corp_id"
WHERE e."enabled" AND c."enabled"
UNION ALL
SELECT
  ('trunk_' || t."number")::varchar(255),
  0,
  'no',
  0,
  ('sip:' || s."ip" || ':' || s."port"::text)::varchar(511),
  ''
FROM "trunk" t
JOIN "sip_server" s ON s."id" = t."server_id";
--> statement-breakpoint
CREATE VIEW "ps_endpoint_id_ips" AS
SELECT
  ('trunk_' || t."number")::varchar(255) AS "id",
  ('trunk_' || t."number")::varchar(255) AS "endpoint",
  s."ip"::varchar(80) AS "match"
FROM "trunk" t
JOIN "sip_server" s ON s."id" = t."server_id"
WHERE t."enabled" AND NOT t."register_trunk";
--> statement-breakpoint
CREATE VIEW "ps_registrations" AS
SELECT
  ('trunk_' || t."number")::varchar(255) AS "id",
  ('sip:' || coalesce(nullif(t."from_domain", ''), s."ip") || ':' || s."port"::text)::varchar(255) AS "server_uri",
  ('sip:' || t."number" || '@' || coalesce(nullif(t."from_domain", ''), s."ip"))::varchar(255) AS "client_uri",
  t."number"::varchar(40) AS "contact_user",
  'transport-udp'::varchar(40) AS "transport",
  ('trunk_' || t."number")::varchar(255) AS "outbound_auth",
  60::integer AS "retry_interval",
  3600::integer AS "expiration",
  'yes'::varchar(3) AS "line",
  ('trunk_' || t."number")::varchar(255) AS "endpoint"
FROM "trunk" t
JOIN "sip_server" s ON s."id" = t."server_id"
JOIN "corp" c ON c."id" = t."corp_id"
WHERE t."enabled" AND c."enabled" AND t."register_trunk" AND t."pass" <> '';
--> statement-breakpoint
-- app_voicemail's realtime boxes (family voicemail; Callboard's own `voicemail` table holds the messages):
-- every extension has a mailbox `{number}@c{corpId}-vm`, as the simulator reaches it; vmpass is its PIN
CREATE VIEW "asterisk_voicemail" AS
SELECT
  e."id"::integer AS "uniqueid",
  ('c' || e."corp_id"::text || '-vm')::varchar(80) AS "context",
  e."number"::varchar(80) AS "mailbox",
  e."vmpass"::varchar(80) AS "password",
  replace(coalesce(nullif(btrim(u."name"), ''), nullif(btrim(u."nick"), ''), nullif(btrim(e."description"), ''), e."number"), ';', ',')::varchar(80) AS "fullname",
  ''::varchar(80) AS "email",
  'no'::varchar(3) AS "attach"
FROM "extension" e
JOIN "corp" c ON c."id" = e."corp_id"
LEFT JOIN "app_user" u ON u."id" = e."user_id"
WHERE e."enabled" AND c."enabled";
--> statement-breakpoint
CREATE VIEW "queues" AS
SELECT
  (q."corp_id"::text || '_' || q."id"::text)::varchar(128) AS "name",
  q."strategy"::varchar(16) AS "strategy",
  coalesce(q."timeout", 15)::integer AS "timeout",
  q."musiconhold"::varchar(128) AS "musiconhold",
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
--> statement-breakpoint
CREATE VIEW "queue_members" AS
SELECT
  m."uniqueid"::integer AS "uniqueid",
  (q."corp_id"::text || '_' || q."id"::text)::varchar(80) AS "queue_name",
  m."interface"::varchar(80) AS "interface",
  m."exten_number"::varchar(80) AS "membername",
  m."interface"::varchar(80) AS "state_interface",
  m."penalty"::integer AS "penalty",
  m."paused"::integer AS "paused",
  ''::varchar(80) AS "reason_paused"
FROM "queue_member" m
JOIN "queue" q ON q."id" = m."queue_id";
--> statement-breakpoint
CREATE FUNCTION "asterisk_queue_members_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Asterisk writes back a realtime member's pause (QueuePause, PauseQueueMember) and penalty
  UPDATE "queue_member" SET "paused" = coalesce(NEW."paused", 0), "penalty" = coalesce(NEW."penalty", "penalty") WHERE "uniqueid" = OLD."uniqueid";
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "asterisk_queue_members_update" INSTEAD OF UPDATE ON "queue_members" FOR EACH ROW EXECUTE FUNCTION "asterisk_queue_members_update"();
--> statement-breakpoint
CREATE VIEW "asterisk_cdr" AS
SELECT
  ("calldate" AT TIME ZONE 'UTC') AS "calldate",
  -- wider than the table's columns: the trigger truncates, so a long value never loses the whole record
  "clid"::varchar(1024) AS "clid", "src"::varchar(1024) AS "src", "dst"::varchar(1024) AS "dst", "dcontext"::varchar(1024) AS "dcontext",
  "channel"::varchar(1024) AS "channel", "dstchannel"::varchar(1024) AS "dstchannel", "lastapp"::varchar(1024) AS "lastapp", "lastdata"::varchar(1024) AS "lastdata",
  ("start" AT TIME ZONE 'UTC') AS "start",
  ("answer" AT TIME ZONE 'UTC') AS "answer",
  ("end" AT TIME ZONE 'UTC') AS "end",
  "duration", "billsec", "disposition"::varchar(1024) AS "disposition", "amaflags"::varchar(1024) AS "amaflags", "accountcode"::varchar(1024) AS "accountcode",
  "userfield"::varchar(1024) AS "userfield", "uniqueid"::varchar(1024) AS "uniqueid", "linkedid"::varchar(1024) AS "linkedid",
  "peeraccount"::varchar(1024) AS "peeraccount", "sequence", "recordingfile"::varchar(1024) AS "recordingfile"
FROM "cdr";
--> statement-breakpoint
CREATE FUNCTION "asterisk_cdr_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  started timestamptz := coalesce(NEW."start", NEW."calldate", now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
BEGIN
  INSERT INTO "cdr" ("corp_id", "calldate", "clid", "src", "dst", "dcontext", "channel", "dstchannel", "lastapp", "lastdata",
    "start", "answer", "end", "duration", "billsec", "disposition", "amaflags", "accountcode", "userfield", "uniqueid", "linkedid",
    "peeraccount", "sequence", "recordingfile")
  VALUES (
    "asterisk_corp_id"(NEW."accountcode", NEW."channel"),
    coalesce(NEW."calldate" AT TIME ZONE 'UTC', started),
    left(coalesce(NEW."clid", ''), 80), left(coalesce(NEW."src", ''), 80), left(coalesce(NEW."dst", ''), 80),
    left(coalesce(NEW."dcontext", ''), 80), left(coalesce(NEW."channel", ''), 80), left(coalesce(NEW."dstchannel", ''), 80),
    left(coalesce(NEW."lastapp", ''), 80), left(coalesce(NEW."lastdata", ''), 80),
    started,
    -- an unanswered call's answer time is the epoch
    CASE WHEN NEW."answer" > '1971-01-01' THEN NEW."answer" AT TIME ZONE 'UTC' END,
    CASE WHEN NEW."end" > '1971-01-01' THEN NEW."end" AT TIME ZONE 'UTC' END,
    coalesce(NEW."duration", 0), coalesce(NEW."billsec", 0),
    left(coalesce(NEW."disposition", ''), 45), left(coalesce(NEW."amaflags", 'DOCUMENTATION'), 45),
    left(coalesce(NEW."accountcode", ''), 80), left(coalesce(NEW."userfield", ''), 256),
    left(coalesce(NEW."uniqueid", ''), 150), left(coalesce(NEW."linkedid", ''), 150),
    left(coalesce(NEW."peeraccount", ''), 80), coalesce(NEW."sequence", 0), left(coalesce(NEW."recordingfile", ''), 255)
  );
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "asterisk_cdr_insert" INSTEAD OF INSERT ON "asterisk_cdr" FOR EACH ROW EXECUTE FUNCTION "asterisk_cdr_insert"();
--> statement-breakpoint
CREATE VIEW "asterisk_queue_log" AS
SELECT
  ("time" AT TIME ZONE 'UTC') AS "time",
  -- wider than the table's columns: the trigger truncates
  "callid"::varchar(1024) AS "callid", "queuename"::varchar(1024) AS "queuename", "agent"::varchar(1024) AS "agent", "event"::varchar(1024) AS "event",
  "data1"::varchar(1024) AS "data1", "data2"::varchar(1024) AS "data2", "data3"::varchar(1024) AS "data3", "data4"::varchar(1024) AS "data4", "data5"::varchar(1024) AS "data5"
FROM "queue_log";
--> statement-breakpoint
CREATE FUNCTION "asterisk_queue_log_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "queue_log" ("corp_id", "time", "callid", "queuename", "agent", "event", "data1", "data2", "data3", "data4", "data5")
  VALUES (
    "asterisk_corp_id"(NULL, NEW."queuename"),
    coalesce(NEW."time", now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC',
    left(coalesce(NEW."callid", ''), 80), left(coalesce(NEW."queuename", ''), 256), left(coalesce(NEW."agent", ''), 80),
    left(coalesce(NEW."event", ''), 32),
    left(coalesce(NEW."data1", ''), 100), left(coalesce(NEW."data2", ''), 100), left(coalesce(NEW."data3", ''), 100),
    left(coalesce(NEW."data4", ''), 100), left(coalesce(NEW."data5", ''), 100)
  );
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "asterisk_queue_log_insert" INSTEAD OF INSERT ON "asterisk_queue_log" FOR EACH ROW EXECUTE FUNCTION "asterisk_queue_log_insert"();
