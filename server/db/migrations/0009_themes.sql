CREATE TABLE "theme_files" (
	"version_id" integer NOT NULL,
	"path" text NOT NULL,
	"body" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	CONSTRAINT "theme_files_version_id_path_pk" PRIMARY KEY("version_id","path")
);
--> statement-breakpoint
CREATE TABLE "theme_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"theme_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"version" text NOT NULL,
	"seq" integer NOT NULL,
	"manifest" jsonb NOT NULL,
	"size" integer DEFAULT 0 NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "themes" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"owner_id" integer,
	"active_version_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "theme_id" integer;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "theme_settings" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "render_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "theme_files" ADD CONSTRAINT "theme_files_version_id_theme_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."theme_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theme_versions" ADD CONSTRAINT "theme_versions_theme_id_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."themes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theme_versions" ADD CONSTRAINT "theme_versions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theme_versions" ADD CONSTRAINT "theme_versions_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "themes" ADD CONSTRAINT "themes_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "themes" ADD CONSTRAINT "themes_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "theme_versions_seq_uq" ON "theme_versions" USING btree ("theme_id","seq");--> statement-breakpoint
CREATE INDEX "theme_versions_site_idx" ON "theme_versions" USING btree ("site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "themes_site_name_uq" ON "themes" USING btree ("site_id",lower("name"));--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_theme_id_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."themes"("id") ON DELETE set null ON UPDATE no action;