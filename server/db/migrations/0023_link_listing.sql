ALTER TABLE "content_authors" ADD COLUMN "site_id" integer;--> statement-breakpoint
ALTER TABLE "content_authors" ADD COLUMN "lang_id" smallint;--> statement-breakpoint
ALTER TABLE "content_authors" ADD COLUMN "type" smallint;--> statement-breakpoint
ALTER TABLE "content_authors" ADD COLUMN "publish_ts" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "content_authors" ADD COLUMN "listed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "content_tags" ADD COLUMN "site_id" integer;--> statement-breakpoint
ALTER TABLE "content_tags" ADD COLUMN "lang_id" smallint;--> statement-breakpoint
ALTER TABLE "content_tags" ADD COLUMN "type" smallint;--> statement-breakpoint
ALTER TABLE "content_tags" ADD COLUMN "publish_ts" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "content_tags" ADD COLUMN "listed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Issue 31 (custom SQL, keep when regenerating): a link row copies its item's site, language, type, publication time
-- and whether readers see it (status 1 with a snapshot), so that a tag's or author's public list is one range of
-- *_listed_idx in its order. Set when a link is made; updated when the item changes any of them (saving a draft
-- changes none: the WHEN clause keeps the trigger off saves).
CREATE OR REPLACE FUNCTION link_listing_fill() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  SELECT c.site_id, c.lang_id, c.type, c.publish_ts, (c.status = 1 AND c.published IS NOT NULL)
    INTO NEW.site_id, NEW.lang_id, NEW.type, NEW.publish_ts, NEW.listed
    FROM contents c WHERE c.id = NEW.content_id;
  NEW.listed := coalesce(NEW.listed, false);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION contents_link_listing() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  is_listed boolean := NEW.status = 1 AND NEW.published IS NOT NULL;
BEGIN
  UPDATE content_tags SET site_id = NEW.site_id, lang_id = NEW.lang_id, type = NEW.type,
    publish_ts = NEW.publish_ts, listed = is_listed
    WHERE content_id = NEW.id;
  UPDATE content_authors SET site_id = NEW.site_id, lang_id = NEW.lang_id, type = NEW.type,
    publish_ts = NEW.publish_ts, listed = is_listed
    WHERE content_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER content_tags_listing BEFORE INSERT OR UPDATE OF content_id ON content_tags
  FOR EACH ROW EXECUTE FUNCTION link_listing_fill();--> statement-breakpoint
CREATE TRIGGER content_authors_listing BEFORE INSERT OR UPDATE OF content_id ON content_authors
  FOR EACH ROW EXECUTE FUNCTION link_listing_fill();--> statement-breakpoint
CREATE TRIGGER contents_link_listing AFTER UPDATE ON contents
  FOR EACH ROW
  WHEN (OLD.site_id IS DISTINCT FROM NEW.site_id OR OLD.lang_id IS DISTINCT FROM NEW.lang_id
    OR OLD.type IS DISTINCT FROM NEW.type OR OLD.publish_ts IS DISTINCT FROM NEW.publish_ts
    OR (OLD.status = 1 AND OLD.published IS NOT NULL) IS DISTINCT FROM (NEW.status = 1 AND NEW.published IS NOT NULL))
  EXECUTE FUNCTION contents_link_listing();--> statement-breakpoint
UPDATE content_tags l SET site_id = c.site_id, lang_id = c.lang_id, type = c.type, publish_ts = c.publish_ts,
  listed = (c.status = 1 AND c.published IS NOT NULL)
  FROM contents c WHERE c.id = l.content_id;--> statement-breakpoint
UPDATE content_authors l SET site_id = c.site_id, lang_id = c.lang_id, type = c.type, publish_ts = c.publish_ts,
  listed = (c.status = 1 AND c.published IS NOT NULL)
  FROM contents c WHERE c.id = l.content_id;--> statement-breakpoint
CREATE INDEX "content_authors_listed_idx" ON "content_authors" USING btree ("author_id","lang_id","publish_ts" DESC NULLS FIRST,"content_id" DESC NULLS FIRST,"site_id","type") WHERE "content_authors"."listed";--> statement-breakpoint
CREATE INDEX "content_tags_listed_idx" ON "content_tags" USING btree ("tag_id","lang_id","publish_ts" DESC NULLS FIRST,"content_id" DESC NULLS FIRST,"site_id","type") WHERE "content_tags"."listed";