-- Each corp's time zone (issue 24, J-TZ-01): an IANA name whose days every day boundary of the corp
-- follows (today's queue counters, dashboards, report windows, campaigns, the dialplan's time conditions).
-- Existing corps keep NULL, read as the server's zone (server/corp-zone.ts), so they see what they saw.
ALTER TABLE "corp" ADD COLUMN "time_zone" varchar(64);
