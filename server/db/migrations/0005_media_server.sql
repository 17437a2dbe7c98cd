CREATE TABLE "media_server" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" varchar(14) NOT NULL,
	"sound" varchar(64) DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "media_server_number_unique" ON "media_server" USING btree ("number");