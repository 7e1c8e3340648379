CREATE TABLE "analytics_daily" (
	"site_id" integer NOT NULL,
	"day" text NOT NULL,
	"kind" smallint NOT NULL,
	"target" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_daily_site_id_day_kind_target_pk" PRIMARY KEY("site_id","day","kind","target")
);
--> statement-breakpoint
CREATE TABLE "page_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"langs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_nodes" (
	"uuid" uuid PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"parent_uuid" uuid,
	"category_id" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"first_tab" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "places" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"langs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"map_url" text DEFAULT '' NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"operator_id" integer,
	"operator_email" text NOT NULL,
	"reason" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"joined_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "place_id" integer;--> statement-breakpoint
ALTER TABLE "logistics" ADD COLUMN "place_id" integer;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "support_entry_id" integer;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "support_access" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "platform_admin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_daily" ADD CONSTRAINT "analytics_daily_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_categories" ADD CONSTRAINT "page_categories_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_nodes" ADD CONSTRAINT "page_nodes_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_nodes" ADD CONSTRAINT "page_nodes_category_id_page_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."page_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "places" ADD CONSTRAINT "places_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_entries" ADD CONSTRAINT "support_entries_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_entries" ADD CONSTRAINT "support_entries_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "page_categories_site_name_uq" ON "page_categories" USING btree ("site_id",lower("name"));--> statement-breakpoint
CREATE INDEX "page_nodes_parent_idx" ON "page_nodes" USING btree ("site_id","parent_uuid","sort");--> statement-breakpoint
CREATE INDEX "places_site_idx" ON "places" USING btree ("site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "support_entries_token_uq" ON "support_entries" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "support_entries_site_idx" ON "support_entries" USING btree ("site_id","created_at");--> statement-breakpoint
ALTER TABLE "contents" ADD CONSTRAINT "contents_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logistics" ADD CONSTRAINT "logistics_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_support_entry_id_support_entries_id_fk" FOREIGN KEY ("support_entry_id") REFERENCES "public"."support_entries"("id") ON DELETE set null ON UPDATE no action;