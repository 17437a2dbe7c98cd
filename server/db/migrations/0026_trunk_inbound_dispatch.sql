-- Inbound calls reach the corp that owns the dialled DID (issue: a flaky CI run of asterisk-transfer got
-- 404 Not Found, Q.850 cause 3). Every trunk of one carrier server identifies by that server's address
-- (ps_endpoint_id_ips: one row per trunk, `match` = the server's ip), so for a call from the carrier
-- Asterisk's IP identifier picks any of those trunk endpoints, possibly another corp's, and 0014 gave
-- each trunk endpoint its own corp's `c{corpId}-inbound`: corp A's DID then ran corp B's dialplan, its
-- catch-all (B's preferred trunk's action: on Asterisk 22 a globex DID that arrived on an acme trunk
-- waited in acme's queue 2_3). Trunk endpoints now all deliver to one context, `callboard-inbound`
-- (domain TRUNK_INBOUND_CONTEXT), where the generated dialplan (server/asterisk/dialplan.ts
-- trunkDispatchContext) sets the DID's owner as the accountcode and goes on in its `c{corpId}-inbound`.
-- A trunk's number is unique on the platform (trunk_number_unique), so a DID has one owner whatever
-- carrier server it comes from. The name ends in `-inbound`, so the call-direction rules of 0007/0024
-- (`dcontext LIKE '%-inbound'`) read a call that ends there as incoming, as before. Only the trunks'
-- context changes; the rest is 0014's view.
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
  'callboard-inbound'::varchar(40), -- TRUNK_INBOUND_CONTEXT: the generated dialplan sends each DID to its owner
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
