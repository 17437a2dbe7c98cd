CREATE TABLE "extension" (
	"id" serial PRIMARY KEY NOT NULL,
	"corp_id" integer NOT NULL,
	"number" varchar(10) NOT NULL,
	"pass" varchar(64) NOT NULL,
	"user_id" integer,
	"trunk_id" integer,
	"outer" varchar(20) DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"action" varchar(64) DEFAULT 'ring' NOT NULL,
	"onbusy" varchar(64) DEFAULT 'voicemail' NOT NULL,
	"description" varchar(80) DEFAULT '' NOT NULL,
	"spy" boolean DEFAULT false NOT NULL,
	"call_limit" smallint DEFAULT 1 NOT NULL,
	"port_type" varchar(8) DEFAULT 'UDP' NOT NULL,
	"vmpass" varchar(4) DEFAULT '' NOT NULL,
	"max_contacts" smallint DEFAULT 1 NOT NULL,
	"callgroup" smallint DEFAULT 0 NOT NULL,
	"time_extens_id" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "extension_corp_number_unique" UNIQUE("corp_id","number")
);
--> statement-breakpoint
CREATE TABLE "queue" (
	"id" serial PRIMARY KEY NOT NULL,
	"corp_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"strategy" varchar(16) DEFAULT 'ringall' NOT NULL,
	"timeout" smallint,
	"failoveraction" varchar(64) DEFAULT 'hangup' NOT NULL,
	"failovertimeout" integer DEFAULT 1800 NOT NULL,
	"poll_id" integer,
	"musiconhold" varchar(50) DEFAULT 'default' NOT NULL,
	"announce" varchar(128) DEFAULT '' NOT NULL,
	"ringinuse" boolean DEFAULT false NOT NULL,
	"announce_position" boolean DEFAULT false NOT NULL,
	"announce_frequency" smallint DEFAULT 0 NOT NULL,
	"autofill" boolean DEFAULT false NOT NULL,
	"servicelevel" integer DEFAULT 60 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "queue_member" (
	"uniqueid" serial PRIMARY KEY NOT NULL,
	"queue_id" integer NOT NULL,
	"corp_id" integer NOT NULL,
	"exten_number" varchar(10) NOT NULL,
	"penalty" integer DEFAULT 1 NOT NULL,
	"paused" integer DEFAULT 0 NOT NULL,
	"interface" varchar(80) GENERATED ALWAYS AS ('PJSIP/'::text || "corp_id"::text || '_'::text || "exten_number"::text) STORED NOT NULL
);
--> statement-breakpoint
ALTER TABLE "extension" ADD CONSTRAINT "extension_corp_id_corp_id_fk" FOREIGN KEY ("corp_id") REFERENCES "public"."corp"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extension" ADD CONSTRAINT "extension_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue" ADD CONSTRAINT "queue_corp_id_corp_id_fk" FOREIGN KEY ("corp_id") REFERENCES "public"."corp"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_member" ADD CONSTRAINT "queue_member_queue_id_queue_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queue"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_member" ADD CONSTRAINT "queue_member_extension_fk" FOREIGN KEY ("corp_id","exten_number") REFERENCES "public"."extension"("corp_id","number") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "extension_user_idx" ON "extension" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "queue_corp_name_unique" ON "queue" USING btree ("corp_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "queue_member_queue_exten_unique" ON "queue_member" USING btree ("queue_id","exten_number");--> statement-breakpoint
CREATE INDEX "queue_member_exten_idx" ON "queue_member" USING btree ("corp_id","exten_number");