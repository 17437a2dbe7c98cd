-- Call groups per corp (issue 12, the Pickup feature of C-CSD-06): 0008 named an extension's call and
-- pickup group by its bare number, so acme's group 1 and globex's group 1 were one group to Asterisk and
-- Pickup() from a globex phone could answer a call ringing at acme. The group is now `c{corpId}_{callgroup}`.
CREATE OR REPLACE VIEW "ps_endpoints" AS
SELECT
  (e."corp_id"::text || '_' || e."number")::varchar(255) AS "id",
  (CASE e."port_type" WHEN 'WSS' THEN 'transport-wss' WHEN 'TLS' THEN 'transport-tls' ELSE 'transport-udp' END)::varchar(40) AS "transport",
  (e."corp_id"::text || '_' || e."number")::varchar(2048) AS "aors",
  (e."corp_id"::text || '_' || e."number")::varchar(255) AS "auth",
  ('c' || e."corp_id"::text || '-internal')::varchar(40) AS "context",
  'all'::varchar(200) AS "disallow",
  'ulaw,alaw'::varchar(200) AS "allow",
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
  (CASE WHEN e."callgroup" > 0 THEN 'c' || e."corp_id"::text || '_' || e."callgroup"::text ELSE '' END)::varchar(80) AS "named_call_group",
  (CASE WHEN e."callgroup" > 0 THEN 'c' || e."corp_id"::text || '_' || e."callgroup"::text ELSE '' END)::varchar(80) AS "named_pickup_group",
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
