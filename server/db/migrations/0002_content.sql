CREATE TABLE "authors" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"member_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_authors" (
	"content_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "content_authors_content_id_author_id_pk" PRIMARY KEY("content_id","author_id")
);
--> statement-breakpoint
CREATE TABLE "content_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"content_id" integer NOT NULL,
	"version" integer NOT NULL,
	"title" text NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	"body" jsonb NOT NULL,
	"conflict" boolean DEFAULT false NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_tags" (
	"content_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "content_tags_content_id_tag_id_pk" PRIMARY KEY("content_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "contents" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"uuid" uuid NOT NULL,
	"type" smallint NOT NULL,
	"lang_id" smallint DEFAULT 1 NOT NULL,
	"slug" text DEFAULT '' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	"body" jsonb NOT NULL,
	"abstract" text DEFAULT '' NOT NULL,
	"reading_time" integer DEFAULT 0 NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"seo" jsonb NOT NULL,
	"related" smallint DEFAULT 1 NOT NULL,
	"custom" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"category_id" integer,
	"to_top" boolean DEFAULT false NOT NULL,
	"pin_order" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"publish_ts" timestamp with time zone,
	"is_draft_changed" boolean DEFAULT false NOT NULL,
	"published" jsonb,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"kind" text NOT NULL,
	"path" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"path" text NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"duration" integer DEFAULT 0 NOT NULL,
	"size" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "tags_site_name_uq";--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "slug" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "langs" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "active" jsonb DEFAULT '[1]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "langs" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "active" jsonb DEFAULT '[1]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "authors" ADD CONSTRAINT "authors_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "authors" ADD CONSTRAINT "authors_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_authors" ADD CONSTRAINT "content_authors_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_authors" ADD CONSTRAINT "content_authors_author_id_authors_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."authors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_revisions" ADD CONSTRAINT "content_revisions_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_revisions" ADD CONSTRAINT "content_revisions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_tags" ADD CONSTRAINT "content_tags_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_tags" ADD CONSTRAINT "content_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contents" ADD CONSTRAINT "contents_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contents" ADD CONSTRAINT "contents_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contents" ADD CONSTRAINT "contents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contents" ADD CONSTRAINT "contents_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "authors_site_idx" ON "authors" USING btree ("site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "authors_site_member_uq" ON "authors" USING btree ("site_id","member_id") WHERE "authors"."member_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "content_authors_author_idx" ON "content_authors" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "content_revisions_content_idx" ON "content_revisions" USING btree ("content_id","id");--> statement-breakpoint
CREATE INDEX "content_tags_tag_idx" ON "content_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "contents_site_type_idx" ON "contents" USING btree ("site_id","type","status");--> statement-breakpoint
CREATE UNIQUE INDEX "contents_uuid_lang_uq" ON "contents" USING btree ("uuid","lang_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contents_site_lang_slug_uq" ON "contents" USING btree ("site_id","lang_id","slug") WHERE "contents"."slug" <> '' AND "contents"."status" <> -1;--> statement-breakpoint
CREATE INDEX "contents_title_trgm" ON "contents" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contents_scheduled_idx" ON "contents" USING btree ("publish_ts") WHERE "contents"."status" = 2;--> statement-breakpoint
CREATE INDEX "files_site_idx" ON "files" USING btree ("site_id","kind");--> statement-breakpoint
CREATE INDEX "videos_site_idx" ON "videos" USING btree ("site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_site_slug_uq" ON "categories" USING btree ("site_id","slug") WHERE "categories"."slug" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "tags_site_slug_uq" ON "tags" USING btree ("site_id","slug") WHERE "tags"."slug" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "tags_site_name_uq" ON "tags" USING btree ("site_id",lower("name"));--> statement-breakpoint
UPDATE "categories" SET "langs" = jsonb_build_array(jsonb_build_object('lang_id', 1, 'title', "name", 'cover', '')) WHERE "langs" = '[]'::jsonb;--> statement-breakpoint
UPDATE "tags" SET "langs" = jsonb_build_array(jsonb_build_object('lang_id', 1, 'title', "name", 'cover', '')) WHERE "langs" = '[]'::jsonb;
