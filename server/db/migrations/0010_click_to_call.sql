CREATE TABLE "click_to_call_key" (
	"id" serial PRIMARY KEY NOT NULL,
	"corp_id" integer NOT NULL,
	"label" varchar(50) NOT NULL,
	"secret_hash" varchar(64) NOT NULL,
	"secret_hint" varchar(8) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "click_to_call_request" (
	"id" serial PRIMARY KEY NOT NULL,
	"corp_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"source" varchar(8) NOT NULL,
	"key_id" integer,
	"user_id" integer,
	"exten" varchar(20) NOT NULL,
	"destination" varchar(32) NOT NULL,
	"outcome" varchar(20) NOT NULL,
	"status" smallint NOT NULL,
	"channel_id" varchar(100),
	"remote_address" varchar(64)
);
--> statement-breakpoint
ALTER TABLE "click_to_call_key" ADD CONSTRAINT "click_to_call_key_corp_id_corp_id_fk" FOREIGN KEY ("corp_id") REFERENCES "public"."corp"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "click_to_call_key" ADD CONSTRAINT "click_to_call_key_created_by_app_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "click_to_call_request" ADD CONSTRAINT "click_to_call_request_corp_id_corp_id_fk" FOREIGN KEY ("corp_id") REFERENCES "public"."corp"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "click_to_call_request" ADD CONSTRAINT "click_to_call_request_key_id_click_to_call_key_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."click_to_call_key"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "click_to_call_request" ADD CONSTRAINT "click_to_call_request_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "click_to_call_key_corp_idx" ON "click_to_call_key" USING btree ("corp_id");--> statement-breakpoint
CREATE INDEX "click_to_call_request_corp_at_idx" ON "click_to_call_request" USING btree ("corp_id","at");