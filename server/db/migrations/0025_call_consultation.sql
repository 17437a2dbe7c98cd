-- G-XFR-02, I-FAIL-01 (issue 21): the attended transfers in progress, where every instance reads them, so
-- the PBX leader that takes over after another died still completes or cancels a running consultation.
CREATE TABLE "call_consultation" (
	"corp_id" integer NOT NULL,
	"number" varchar(10) NOT NULL,
	"transferee" text NOT NULL,
	"consult" text NOT NULL,
	"exten" text NOT NULL,
	"call_id" text NOT NULL,
	"started_at" bigint NOT NULL,
	CONSTRAINT "call_consultation_corp_id_number_pk" PRIMARY KEY("corp_id","number")
);
--> statement-breakpoint
ALTER TABLE "call_consultation" ADD CONSTRAINT "call_consultation_corp_id_corp_id_fk" FOREIGN KEY ("corp_id") REFERENCES "public"."corp"("id") ON DELETE cascade ON UPDATE no action;
