CREATE TABLE "translate_jobs" (
	"site_id" integer NOT NULL,
	"uuid" uuid NOT NULL,
	"lang_id" integer NOT NULL,
	"state" text NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"result_id" integer,
	"claim" text NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"failure_told" boolean DEFAULT false NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "translate_jobs_site_id_uuid_lang_id_pk" PRIMARY KEY("site_id","uuid","lang_id")
);
