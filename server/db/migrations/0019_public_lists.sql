DROP INDEX "content_authors_author_idx";--> statement-breakpoint
DROP INDEX "content_tags_tag_idx";--> statement-breakpoint
CREATE INDEX "contents_listed_idx" ON "contents" USING btree ("site_id","lang_id","publish_ts" DESC NULLS FIRST,"id" DESC NULLS FIRST,"type") WHERE "contents"."status" = 1 AND "contents"."published" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "contents_listed_category_idx" ON "contents" USING btree ("category_id","lang_id","publish_ts" DESC NULLS FIRST,"id" DESC NULLS FIRST,"site_id","type") WHERE "contents"."status" = 1 AND "contents"."published" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "contents_listed_id_idx" ON "contents" USING btree ("site_id","id","lang_id","type","publish_ts","updated_at","uuid","slug") WHERE "contents"."status" = 1 AND "contents"."published" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "content_authors_author_idx" ON "content_authors" USING btree ("author_id","content_id");--> statement-breakpoint
CREATE INDEX "content_tags_tag_idx" ON "content_tags" USING btree ("tag_id","content_id");