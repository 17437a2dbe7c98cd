-- H-FLEET-01, H-TICK-01, H-NOC-01 (issue 23): each TV's last heartbeat (every instance reads it; the dark
-- sweep claims an alert with one UPDATE of dark_alerted_at), the ticker messages, and a NOC screen's corps.
CREATE TABLE "kiosk_heartbeat" (
	"screen_id" integer PRIMARY KEY NOT NULL,
	"corp_id" integer NOT NULL,
	"seen_at" bigint NOT NULL,
	"report" jsonb NOT NULL,
	"dark_alerted_at" bigint
);
--> statement-breakpoint
CREATE TABLE "kiosk_ticker" (
	"id" serial PRIMARY KEY NOT NULL,
	"corp_id" integer NOT NULL,
	"text" varchar(200) NOT NULL,
	"priority" varchar(16) NOT NULL,
	"screens" jsonb NOT NULL,
	"created_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL,
	"author" varchar(100) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kiosk_screen" ADD COLUMN "noc_corps" jsonb;--> statement-breakpoint
ALTER TABLE "kiosk_heartbeat" ADD CONSTRAINT "kiosk_heartbeat_screen_id_kiosk_screen_id_fk" FOREIGN KEY ("screen_id") REFERENCES "public"."kiosk_screen"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_heartbeat" ADD CONSTRAINT "kiosk_heartbeat_corp_id_corp_id_fk" FOREIGN KEY ("corp_id") REFERENCES "public"."corp"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_ticker" ADD CONSTRAINT "kiosk_ticker_corp_id_corp_id_fk" FOREIGN KEY ("corp_id") REFERENCES "public"."corp"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kiosk_ticker_corp_expires" ON "kiosk_ticker" USING btree ("corp_id","expires_at");