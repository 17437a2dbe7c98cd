CREATE TABLE "app_user" (
	"id" serial PRIMARY KEY NOT NULL,
	"corp_id" integer NOT NULL,
	"nick" varchar(32) NOT NULL,
	"pass_hash" text NOT NULL,
	"name" varchar(80) DEFAULT '' NOT NULL,
	"mail" varchar(255) DEFAULT '' NOT NULL,
	"level" smallint NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"role_group_id" integer,
	"theme" smallint DEFAULT 0 NOT NULL,
	"lang" varchar(2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "corp" (
	"id" serial PRIMARY KEY NOT NULL,
	"url" varchar(50) NOT NULL,
	"name" varchar(50) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"ext_len" smallint DEFAULT 4 NOT NULL,
	"ext_max" integer DEFAULT 1 NOT NULL,
	"que_max" integer DEFAULT 1 NOT NULL,
	"max_contacts" smallint DEFAULT 1 NOT NULL,
	"mon_enabled" boolean DEFAULT false NOT NULL,
	"mon_path" varchar(255) DEFAULT '' NOT NULL,
	"allow_custom" boolean DEFAULT false NOT NULL,
	"allow_discador" boolean DEFAULT false NOT NULL,
	"cost_enabled" boolean DEFAULT false NOT NULL,
	"room_enabled" boolean DEFAULT false NOT NULL,
	"web_hook" varchar(500) DEFAULT '' NOT NULL,
	"system" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "look_and_feel" (
	"corp_id" integer PRIMARY KEY NOT NULL,
	"menu_icon_color" varchar(8) NOT NULL,
	"menu_font_color" varchar(8) NOT NULL,
	"hover_color" varchar(8) NOT NULL,
	"menu_color" varchar(8) NOT NULL,
	"background_color" varchar(8) NOT NULL,
	"login_text_color" varchar(8) NOT NULL,
	"tab_name" varchar(60) DEFAULT '' NOT NULL,
	"login_image" "bytea",
	"login_image_mime" varchar(32),
	"login_bottom_image" "bytea",
	"login_bottom_image_mime" varchar(32),
	"fav_icon_image" "bytea",
	"fav_icon_image_mime" varchar(32),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_parameter" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"value" varchar(500) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parameter" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"value" varchar(500) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role_group" (
	"id" serial PRIMARY KEY NOT NULL,
	"corp_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"views" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app_user" ADD CONSTRAINT "app_user_corp_id_corp_id_fk" FOREIGN KEY ("corp_id") REFERENCES "public"."corp"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_user" ADD CONSTRAINT "app_user_role_group_id_role_group_id_fk" FOREIGN KEY ("role_group_id") REFERENCES "public"."role_group"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "look_and_feel" ADD CONSTRAINT "look_and_feel_corp_id_corp_id_fk" FOREIGN KEY ("corp_id") REFERENCES "public"."corp"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_group" ADD CONSTRAINT "role_group_corp_id_corp_id_fk" FOREIGN KEY ("corp_id") REFERENCES "public"."corp"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "app_user_corp_nick_unique" ON "app_user" USING btree ("corp_id",lower("nick"));--> statement-breakpoint
CREATE INDEX "app_user_role_group_idx" ON "app_user" USING btree ("role_group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "corp_url_lower_unique" ON "corp" USING btree (lower("url"));--> statement-breakpoint
CREATE UNIQUE INDEX "corp_name_lower_unique" ON "corp" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "role_group_corp_idx" ON "role_group" USING btree ("corp_id");