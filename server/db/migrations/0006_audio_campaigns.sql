CREATE TABLE "dialer" (
	"id" serial PRIMARY KEY NOT NULL,
	"corp_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"comments" varchar(255) DEFAULT '' NOT NULL,
	"action" varchar(8) NOT NULL,
	"queue_id" integer,
	"trunk_id" integer NOT NULL,
	"call_limit" smallint DEFAULT 0 NOT NULL,
	"timeout" smallint DEFAULT 30 NOT NULL,
	"retries" smallint DEFAULT 0 NOT NULL,
	"days" varchar(13) NOT NULL,
	"hora_desde" smallint NOT NULL,
	"hora_hasta" smallint NOT NULL,
	"sound" varchar(64) DEFAULT '' NOT NULL,
	"sound_req" varchar(16) DEFAULT 'sound' NOT NULL,
	"csv_file" varchar(64) DEFAULT '' NOT NULL,
	"status" varchar(12) DEFAULT 'stopped' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dialer_number" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"dialer_id" integer NOT NULL,
	"corp_id" integer NOT NULL,
	"number" varchar(32) NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"status" varchar(12) DEFAULT 'pending' NOT NULL,
	"last_result" varchar(16) DEFAULT '' NOT NULL,
	"last_attempt_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "integration" (
	"id" serial PRIMARY KEY NOT NULL,
	"corp_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"type" varchar(20) NOT NULL,
	"host" varchar(64) NOT NULL,
	"user" varchar(64) DEFAULT '' NOT NULL,
	"password" varchar(64) DEFAULT '' NOT NULL,
	"option1" varchar(64) DEFAULT 'hangup' NOT NULL,
	"option2" varchar(64) DEFAULT 'hangup' NOT NULL,
	"option3" varchar(64) DEFAULT 'hangup' NOT NULL,
	"sound1" varchar(64) DEFAULT '' NOT NULL,
	"sound2" varchar(64) DEFAULT '' NOT NULL,
	"sound3" varchar(64) DEFAULT '' NOT NULL,
	"sound4" varchar(64) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ivr" (
	"id" serial PRIMARY KEY NOT NULL,
	"corp_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"sound" varchar(64) DEFAULT '' NOT NULL,
	"sound_incorrect" varchar(64) DEFAULT '' NOT NULL,
	"option0" varchar(64) DEFAULT 'hangup' NOT NULL,
	"option1" varchar(64) DEFAULT '' NOT NULL,
	"option2" varchar(64) DEFAULT '' NOT NULL,
	"option3" varchar(64) DEFAULT '' NOT NULL,
	"option4" varchar(64) DEFAULT '' NOT NULL,
	"option5" varchar(64) DEFAULT '' NOT NULL,
	"option6" varchar(64) DEFAULT '' NOT NULL,
	"option7" varchar(64) DEFAULT '' NOT NULL,
	"option8" varchar(64) DEFAULT '' NOT NULL,
	"option9" varchar(64) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ivr_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"corp_id" integer NOT NULL,
	"ivr_id" integer NOT NULL,
	"calldate" timestamp with time zone NOT NULL,
	"uniqueid" varchar(150) DEFAULT '' NOT NULL,
	"caller" varchar(80) DEFAULT '' NOT NULL,
	"option" varchar(2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moh_file" (
	"id" serial PRIMARY KEY NOT NULL,
	"corp_id" integer NOT NULL,
	"queue_id" integer,
	"name" varchar(80) NOT NULL,
	"sound" varchar(64) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "poll" (
	"id" serial PRIMARY KEY NOT NULL,
	"corp_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"description" varchar(100) DEFAULT '' NOT NULL,
	"sound" varchar(64) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "poll_answer" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"corp_id" integer NOT NULL,
	"poll_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"calldate" timestamp with time zone NOT NULL,
	"uniqueid" varchar(150) DEFAULT '' NOT NULL,
	"exten" varchar(10) DEFAULT '' NOT NULL,
	"answer" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question" (
	"id" serial PRIMARY KEY NOT NULL,
	"corp_id" integer NOT NULL,
	"poll_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"sound" varchar(64) DEFAULT '' NOT NULL,
	"order_sequencial" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voicemail" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"corp_id" integer NOT NULL,
	"mailbox" varchar(10) NOT NULL,
	"origtime" bigint NOT NULL,
	"callerid" varchar(80) DEFAULT '' NOT NULL,
	"destino" varchar(80) DEFAULT '' NOT NULL,
	"duration" integer DEFAULT 0 NOT NULL,
	"flag" smallint DEFAULT 0 NOT NULL,
	"recording" varchar(64) DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dialer" ADD CONSTRAINT "dialer_corp_id_corp_id_fk" FOREIGN KEY ("corp_id") REFERENCES "public"."corp"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dialer" ADD CONSTRAINT "dialer_queue_id_queue_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queue"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dialer" ADD CONSTRAINT "dialer_trunk_id_trunk_id_fk" FOREIGN KEY ("trunk_id") REFERENCES "public"."trunk"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dialer_number" ADD CONSTRAINT "dialer_number_dialer_id_dialer_id_fk" FOREIGN KEY ("dialer_id") REFERENCES "public"."dialer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration" ADD CONSTRAINT "integration_corp_id_corp_id_fk" FOREIGN KEY ("corp_id") REFERENCES "public"."corp"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ivr" ADD CONSTRAINT "ivr_corp_id_corp_id_fk" FOREIGN KEY ("corp_id") REFERENCES "public"."corp"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moh_file" ADD CONSTRAINT "moh_file_corp_id_corp_id_fk" FOREIGN KEY ("corp_id") REFERENCES "public"."corp"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moh_file" ADD CONSTRAINT "moh_file_queue_id_queue_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queue"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll" ADD CONSTRAINT "poll_corp_id_corp_id_fk" FOREIGN KEY ("corp_id") REFERENCES "public"."corp"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question" ADD CONSTRAINT "question_poll_id_poll_id_fk" FOREIGN KEY ("poll_id") REFERENCES "public"."poll"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dialer_name_unique" ON "dialer" USING btree ("corp_id",lower("name"));--> statement-breakpoint
CREATE INDEX "dialer_number_dialer_idx" ON "dialer_number" USING btree ("dialer_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "integration_name_unique" ON "integration" USING btree ("corp_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "ivr_name_unique" ON "ivr" USING btree ("corp_id",lower("name"));--> statement-breakpoint
CREATE INDEX "ivr_log_corp_date_idx" ON "ivr_log" USING btree ("corp_id","calldate");--> statement-breakpoint
CREATE INDEX "ivr_log_ivr_date_idx" ON "ivr_log" USING btree ("ivr_id","calldate");--> statement-breakpoint
CREATE INDEX "moh_file_corp_idx" ON "moh_file" USING btree ("corp_id","queue_id");--> statement-breakpoint
CREATE UNIQUE INDEX "poll_name_unique" ON "poll" USING btree ("corp_id",lower("name"));--> statement-breakpoint
CREATE INDEX "poll_answer_corp_date_idx" ON "poll_answer" USING btree ("corp_id","calldate");--> statement-breakpoint
CREATE INDEX "poll_answer_question_date_idx" ON "poll_answer" USING btree ("question_id","calldate");--> statement-breakpoint
CREATE UNIQUE INDEX "question_order_unique" ON "question" USING btree ("poll_id","order_sequencial");--> statement-breakpoint
CREATE INDEX "question_corp_idx" ON "question" USING btree ("corp_id");--> statement-breakpoint
CREATE INDEX "voicemail_corp_idx" ON "voicemail" USING btree ("corp_id","origtime");--> statement-breakpoint
ALTER TABLE "queue" ADD CONSTRAINT "queue_poll_id_poll_id_fk" FOREIGN KEY ("poll_id") REFERENCES "public"."poll"("id") ON DELETE restrict ON UPDATE no action;