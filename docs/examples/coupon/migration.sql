CREATE TABLE "coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"code" text NOT NULL,
	"title" text NOT NULL,
	"percent" integer NOT NULL,
	"min_order" integer DEFAULT 0 NOT NULL,
	"goods_ids" integer[] DEFAULT '{}' NOT NULL,
	"starts_on" date NOT NULL,
	"ends_at" timestamp with time zone,
	"active" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_site_code_uq" ON "coupons" USING btree ("site_id","code");