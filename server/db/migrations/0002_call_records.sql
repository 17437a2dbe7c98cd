CREATE TABLE "cdr" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"corp_id" integer NOT NULL,
	"calldate" timestamp with time zone NOT NULL,
	"clid" varchar(80) DEFAULT '' NOT NULL,
	"src" varchar(80) DEFAULT '' NOT NULL,
	"dst" varchar(80) DEFAULT '' NOT NULL,
	"dcontext" varchar(80) DEFAULT '' NOT NULL,
	"channel" varchar(80) DEFAULT '' NOT NULL,
	"dstchannel" varchar(80) DEFAULT '' NOT NULL,
	"lastapp" varchar(80) DEFAULT '' NOT NULL,
	"lastdata" varchar(80) DEFAULT '' NOT NULL,
	"start" timestamp with time zone,
	"answer" timestamp with time zone,
	"end" timestamp with time zone,
	"duration" integer DEFAULT 0 NOT NULL,
	"billsec" integer DEFAULT 0 NOT NULL,
	"disposition" varchar(45) DEFAULT '' NOT NULL,
	"amaflags" varchar(45) DEFAULT 'DOCUMENTATION' NOT NULL,
	"accountcode" varchar(80) DEFAULT '' NOT NULL,
	"userfield" varchar(256) DEFAULT '' NOT NULL,
	"uniqueid" varchar(150) DEFAULT '' NOT NULL,
	"linkedid" varchar(150) DEFAULT '' NOT NULL,
	"peeraccount" varchar(80) DEFAULT '' NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"recordingfile" varchar(255) DEFAULT '' NOT NULL,
	"cost" numeric(12, 4)
);
--> statement-breakpoint
CREATE TABLE "queue_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"corp_id" integer NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"callid" varchar(80) DEFAULT '' NOT NULL,
	"queuename" varchar(256) DEFAULT '' NOT NULL,
	"agent" varchar(80) DEFAULT '' NOT NULL,
	"event" varchar(32) DEFAULT '' NOT NULL,
	"data1" varchar(100) DEFAULT '' NOT NULL,
	"data2" varchar(100) DEFAULT '' NOT NULL,
	"data3" varchar(100) DEFAULT '' NOT NULL,
	"data4" varchar(100) DEFAULT '' NOT NULL,
	"data5" varchar(100) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX "cdr_corp_calldate_idx" ON "cdr" USING btree ("corp_id","calldate");--> statement-breakpoint
CREATE INDEX "cdr_uniqueid_idx" ON "cdr" USING btree ("uniqueid");--> statement-breakpoint
CREATE INDEX "queue_log_corp_time_idx" ON "queue_log" USING btree ("corp_id","time");--> statement-breakpoint
CREATE INDEX "queue_log_queuename_idx" ON "queue_log" USING btree ("queuename","time");