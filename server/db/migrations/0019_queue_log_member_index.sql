-- The agent report (G-RPT-01, G-RPT-03) reads each queue member's log-ins and pauses: its last row
-- before the period (however old) and its rows inside it. Those rows are a few per member and day
-- among the calls' many, so a partial index of them, per corp, queue and member in time order, makes
-- each an index probe; the members of a corp are found by skipping through the same index.
CREATE INDEX "queue_log_member_idx" ON "queue_log" USING btree ("corp_id","queuename","agent","time") WHERE "queue_log"."event" in ('ADDMEMBER', 'REMOVEMEMBER', 'PAUSE', 'UNPAUSE');
