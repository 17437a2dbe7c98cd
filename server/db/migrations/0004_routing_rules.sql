CREATE TABLE "destination_group" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"patterns" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "follow_me" (
	"id" serial PRIMARY KEY NOT NULL,
	"corp_id" integer NOT NULL,
	"exten_id" integer NOT NULL,
	"number" varchar(20) NOT NULL,
	"order" smallint NOT NULL,
	"timeout" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "restriction_corp" (
	"id" serial PRIMARY KEY NOT NULL,
	"corp_id" integer,
	"dest_type" smallint NOT NULL,
	"pattern" varchar(40) NOT NULL,
	"group_id" integer,
	"permit" smallint NOT NULL,
	"pin" varchar(10) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "restriction_exten" (
	"id" serial PRIMARY KEY NOT NULL,
	"corp_id" integer NOT NULL,
	"exten_id" integer NOT NULL,
	"dest_type" smallint NOT NULL,
	"pattern" varchar(40) NOT NULL,
	"group_id" integer,
	"permit" smallint NOT NULL,
	"pin" varchar(10) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "restriction_in" (
	"id" serial PRIMARY KEY NOT NULL,
	"corp_id" integer,
	"pattern" varchar(40) NOT NULL,
	"permit" smallint NOT NULL,
	"comment" varchar(50) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sip_route" (
	"id" serial PRIMARY KEY NOT NULL,
	"corp_id" integer NOT NULL,
	"trunk_id" integer NOT NULL,
	"pattern" varchar(40) NOT NULL,
	"translation" varchar(40) DEFAULT '' NOT NULL,
	"comment" varchar(50) DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sip_server" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"ip" varchar(255) NOT NULL,
	"port" integer DEFAULT 5060 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "speed_dial_corp" (
	"id" serial PRIMARY KEY NOT NULL,
	"corp_id" integer NOT NULL,
	"number" smallint NOT NULL,
	"action" varchar(64) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "speed_dial_exten" (
	"id" serial PRIMARY KEY NOT NULL,
	"corp_id" integer NOT NULL,
	"exten_id" integer NOT NULL,
	"number" smallint NOT NULL,
	"action" varchar(20) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "time_condition" (
	"id" serial PRIMARY KEY NOT NULL,
	"corp_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"default_action" varchar(64) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "time_exten" (
	"id" serial PRIMARY KEY NOT NULL,
	"corp_id" integer NOT NULL,
	"name" varchar(50) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "time_exten_option" (
	"id" serial PRIMARY KEY NOT NULL,
	"time_id" integer NOT NULL,
	"corp_id" integer NOT NULL,
	"from" varchar(5) NOT NULL,
	"to" varchar(5) NOT NULL,
	"days" varchar(27) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "time_option" (
	"id" serial PRIMARY KEY NOT NULL,
	"time_id" integer NOT NULL,
	"corp_id" integer NOT NULL,
	"from" varchar(5) NOT NULL,
	"to" varchar(5) NOT NULL,
	"days" varchar(27) NOT NULL,
	"action" varchar(64) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trunk" (
	"id" serial PRIMARY KEY NOT NULL,
	"corp_id" integer NOT NULL,
	"number" varchar(32) NOT NULL,
	"pass" varchar(64) DEFAULT '' NOT NULL,
	"server_id" integer NOT NULL,
	"outgoing" boolean DEFAULT true NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"action" varchar(64) DEFAULT 'hangup' NOT NULL,
	"preference" boolean DEFAULT false NOT NULL,
	"register_trunk" boolean DEFAULT false NOT NULL,
	"outbound_auth" varchar(64) DEFAULT '' NOT NULL,
	"outbound_auth_register" boolean DEFAULT false NOT NULL,
	"from_domain" varchar(255) DEFAULT '' NOT NULL,
	"from_domain_register" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "follow_me" ADD CONSTRAINT "follow_me_exten_id_extension_id_fk" FOREIGN KEY ("exten_id") REFERENCES "public"."extension"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restriction_corp" ADD CONSTRAINT "restriction_corp_corp_id_corp_id_fk" FOREIGN KEY ("corp_id") REFERENCES "public"."corp"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restriction_corp" ADD CONSTRAINT "restriction_corp_group_id_destination_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."destination_group"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restriction_exten" ADD CONSTRAINT "restriction_exten_exten_id_extension_id_fk" FOREIGN KEY ("exten_id") REFERENCES "public"."extension"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restriction_exten" ADD CONSTRAINT "restriction_exten_group_id_destination_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."destination_group"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restriction_in" ADD CONSTRAINT "restriction_in_corp_id_corp_id_fk" FOREIGN KEY ("corp_id") REFERENCES "public"."corp"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sip_route" ADD CONSTRAINT "sip_route_corp_id_corp_id_fk" FOREIGN KEY ("corp_id") REFERENCES "public"."corp"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sip_route" ADD CONSTRAINT "sip_route_trunk_id_trunk_id_fk" FOREIGN KEY ("trunk_id") REFERENCES "public"."trunk"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "speed_dial_corp" ADD CONSTRAINT "speed_dial_corp_corp_id_corp_id_fk" FOREIGN KEY ("corp_id") REFERENCES "public"."corp"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "speed_dial_exten" ADD CONSTRAINT "speed_dial_exten_exten_id_extension_id_fk" FOREIGN KEY ("exten_id") REFERENCES "public"."extension"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_condition" ADD CONSTRAINT "time_condition_corp_id_corp_id_fk" FOREIGN KEY ("corp_id") REFERENCES "public"."corp"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_exten" ADD CONSTRAINT "time_exten_corp_id_corp_id_fk" FOREIGN KEY ("corp_id") REFERENCES "public"."corp"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_exten_option" ADD CONSTRAINT "time_exten_option_time_id_time_exten_id_fk" FOREIGN KEY ("time_id") REFERENCES "public"."time_exten"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_option" ADD CONSTRAINT "time_option_time_id_time_condition_id_fk" FOREIGN KEY ("time_id") REFERENCES "public"."time_condition"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trunk" ADD CONSTRAINT "trunk_corp_id_corp_id_fk" FOREIGN KEY ("corp_id") REFERENCES "public"."corp"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trunk" ADD CONSTRAINT "trunk_server_id_sip_server_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."sip_server"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "destination_group_name_unique" ON "destination_group" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "follow_me_order_unique" ON "follow_me" USING btree ("exten_id","order");--> statement-breakpoint
CREATE INDEX "follow_me_corp_idx" ON "follow_me" USING btree ("corp_id");--> statement-breakpoint
CREATE UNIQUE INDEX "restriction_corp_unique" ON "restriction_corp" USING btree (coalesce("corp_id", 0),"pattern",coalesce("group_id", 0));--> statement-breakpoint
CREATE UNIQUE INDEX "restriction_exten_unique" ON "restriction_exten" USING btree ("exten_id","pattern",coalesce("group_id", 0));--> statement-breakpoint
CREATE INDEX "restriction_exten_corp_idx" ON "restriction_exten" USING btree ("corp_id");--> statement-breakpoint
CREATE UNIQUE INDEX "restriction_in_unique" ON "restriction_in" USING btree (coalesce("corp_id", 0),"pattern");--> statement-breakpoint
CREATE INDEX "sip_route_corp_idx" ON "sip_route" USING btree ("corp_id");--> statement-breakpoint
CREATE INDEX "sip_route_trunk_idx" ON "sip_route" USING btree ("trunk_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sip_server_name_unique" ON "sip_server" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "speed_dial_corp_number_unique" ON "speed_dial_corp" USING btree ("corp_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "speed_dial_exten_number_unique" ON "speed_dial_exten" USING btree ("exten_id","number");--> statement-breakpoint
CREATE INDEX "speed_dial_exten_corp_idx" ON "speed_dial_exten" USING btree ("corp_id");--> statement-breakpoint
CREATE UNIQUE INDEX "time_condition_name_unique" ON "time_condition" USING btree ("corp_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "time_exten_name_unique" ON "time_exten" USING btree ("corp_id",lower("name"));--> statement-breakpoint
CREATE INDEX "time_exten_option_time_idx" ON "time_exten_option" USING btree ("time_id");--> statement-breakpoint
CREATE INDEX "time_option_time_idx" ON "time_option" USING btree ("time_id");--> statement-breakpoint
CREATE INDEX "time_option_corp_idx" ON "time_option" USING btree ("corp_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trunk_number_unique" ON "trunk" USING btree ("number");--> statement-breakpoint
CREATE INDEX "trunk_corp_idx" ON "trunk" USING btree ("corp_id");--> statement-breakpoint
CREATE INDEX "trunk_server_idx" ON "trunk" USING btree ("server_id");--> statement-breakpoint
ALTER TABLE "extension" ADD CONSTRAINT "extension_trunk_id_trunk_id_fk" FOREIGN KEY ("trunk_id") REFERENCES "public"."trunk"("id") ON DELETE restrict ON UPDATE no action;