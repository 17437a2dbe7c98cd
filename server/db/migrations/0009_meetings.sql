CREATE TABLE "meeting" (
	"id" serial PRIMARY KEY NOT NULL,
	"corp_id" integer NOT NULL,
	"room_id" integer,
	"name" varchar(50) NOT NULL,
	"topic" varchar(500) DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"all_users" boolean DEFAULT true NOT NULL,
	"creator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meeting_start_before_end" CHECK ("meeting"."starts_at" < "meeting"."ends_at")
);
--> statement-breakpoint
CREATE TABLE "meeting_room" (
	"id" serial PRIMARY KEY NOT NULL,
	"corp_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"all_users" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meeting_room_user" (
	"room_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "meeting_room_user_room_id_user_id_pk" PRIMARY KEY("room_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "meeting_user" (
	"meeting_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "meeting_user_meeting_id_user_id_pk" PRIMARY KEY("meeting_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "meeting" ADD CONSTRAINT "meeting_corp_id_corp_id_fk" FOREIGN KEY ("corp_id") REFERENCES "public"."corp"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting" ADD CONSTRAINT "meeting_room_id_meeting_room_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."meeting_room"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting" ADD CONSTRAINT "meeting_creator_id_app_user_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_room" ADD CONSTRAINT "meeting_room_corp_id_corp_id_fk" FOREIGN KEY ("corp_id") REFERENCES "public"."corp"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_room_user" ADD CONSTRAINT "meeting_room_user_room_id_meeting_room_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."meeting_room"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_room_user" ADD CONSTRAINT "meeting_room_user_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_user" ADD CONSTRAINT "meeting_user_meeting_id_meeting_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meeting"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_user" ADD CONSTRAINT "meeting_user_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "meeting_corp_name_unique" ON "meeting" USING btree ("corp_id",lower("name"));--> statement-breakpoint
CREATE INDEX "meeting_corp_start_idx" ON "meeting" USING btree ("corp_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "meeting_room_corp_name_unique" ON "meeting_room" USING btree ("corp_id",lower("name"));--> statement-breakpoint
CREATE INDEX "meeting_room_user_user_idx" ON "meeting_room_user" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "meeting_user_user_idx" ON "meeting_user" USING btree ("user_id");