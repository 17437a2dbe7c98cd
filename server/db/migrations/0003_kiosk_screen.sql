CREATE TABLE "kiosk_screen" (
	"id" serial PRIMARY KEY NOT NULL,
	"corp_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"boards" jsonb NOT NULL,
	"seconds_per_board" integer DEFAULT 20 NOT NULL,
	"hide_offline" boolean DEFAULT false NOT NULL,
	"privacy" boolean DEFAULT false NOT NULL,
	"thresholds" jsonb NOT NULL,
	"key_hash" varchar(64) NOT NULL,
	"key_hint" varchar(8) NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kiosk_screen" ADD CONSTRAINT "kiosk_screen_corp_id_corp_id_fk" FOREIGN KEY ("corp_id") REFERENCES "public"."corp"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "kiosk_screen_corp_name_unique" ON "kiosk_screen" USING btree ("corp_id",lower("name"));