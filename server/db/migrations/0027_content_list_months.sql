CREATE TABLE "content_list_months" (
	"site_id" integer NOT NULL,
	"lang_id" smallint NOT NULL,
	"type" smallint NOT NULL,
	"category_id" integer NOT NULL,
	"month_end" timestamp with time zone NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "content_list_months_site_id_lang_id_type_category_id_month_end_pk" PRIMARY KEY("site_id","lang_id","type","category_id","month_end")
);
--> statement-breakpoint
-- Issue 31 (custom SQL, keep when regenerating): the public lists' counts per month of publication, so that a deep
-- page by its number seeks to its month instead of walking every item before it (server/public/content/
-- listMonths.ts). A month is a calendar month in UTC; its row is keyed by its exclusive end, 'infinity' for items
-- without a publication time (they come first in the lists' order, publish_ts DESC NULLS FIRST).
CREATE OR REPLACE FUNCTION content_list_month_end(ts timestamptz) RETURNS timestamptz
LANGUAGE sql IMMUTABLE
AS $$
  SELECT CASE WHEN ts IS NULL THEN 'infinity'::timestamptz
    ELSE (date_trunc('month', ts AT TIME ZONE 'UTC') + interval '1 month') AT TIME ZONE 'UTC' END
$$;--> statement-breakpoint
-- Adds counts (n may be negative) and removes the rows they bring to 0. Rows are written in key order, so that two
-- statements touching the same months never wait on each other in a cycle.
CREATE OR REPLACE FUNCTION content_list_months_apply(changes content_list_months[]) RETURNS void
LANGUAGE sql
AS $$
  INSERT INTO content_list_months AS m (site_id, lang_id, type, category_id, month_end, n)
    SELECT site_id, lang_id, type, category_id, month_end, sum(n)::int FROM unnest(changes)
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(n) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (site_id, lang_id, type, category_id, month_end) DO UPDATE SET n = m.n + excluded.n;
  DELETE FROM content_list_months m USING unnest(changes) c
    WHERE m.site_id = c.site_id AND m.lang_id = c.lang_id AND m.type = c.type AND m.category_id = c.category_id
      AND m.month_end = c.month_end AND m.n <= 0;
$$;--> statement-breakpoint
-- One trigger function for the three statements: what readers see (status 1 with a snapshot) that the statement
-- added, less what it took away, by list and month. Saving a draft changes neither side: nothing is written.
CREATE OR REPLACE FUNCTION content_list_months_track() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  changes content_list_months[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    changes := ARRAY(SELECT ROW(g.*)::content_list_months FROM (
      SELECT site_id, lang_id, type, coalesce(category_id, 0), content_list_month_end(publish_ts), count(*)::int
        FROM new_rows WHERE status = 1 AND published IS NOT NULL GROUP BY 1, 2, 3, 4, 5) g);
  ELSIF TG_OP = 'DELETE' THEN
    changes := ARRAY(SELECT ROW(g.*)::content_list_months FROM (
      SELECT site_id, lang_id, type, coalesce(category_id, 0), content_list_month_end(publish_ts), -count(*)::int
        FROM old_rows WHERE status = 1 AND published IS NOT NULL GROUP BY 1, 2, 3, 4, 5) g);
  ELSE
    changes := ARRAY(SELECT ROW(g.*)::content_list_months FROM (
      SELECT s, l, t, c, m, sum(d)::int FROM (
        SELECT site_id, lang_id, type, coalesce(category_id, 0), content_list_month_end(publish_ts), 1
          FROM new_rows WHERE status = 1 AND published IS NOT NULL
        UNION ALL
        SELECT site_id, lang_id, type, coalesce(category_id, 0), content_list_month_end(publish_ts), -1
          FROM old_rows WHERE status = 1 AND published IS NOT NULL) AS x(s, l, t, c, m, d)
      GROUP BY 1, 2, 3, 4, 5 HAVING sum(d) <> 0) g);
  END IF;
  IF cardinality(changes) > 0 THEN
    PERFORM content_list_months_apply(changes);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER contents_list_months_insert AFTER INSERT ON contents REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION content_list_months_track();--> statement-breakpoint
CREATE TRIGGER contents_list_months_update AFTER UPDATE ON contents
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION content_list_months_track();--> statement-breakpoint
CREATE TRIGGER contents_list_months_delete AFTER DELETE ON contents REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION content_list_months_track();--> statement-breakpoint
INSERT INTO content_list_months (site_id, lang_id, type, category_id, month_end, n)
  SELECT site_id, lang_id, type, coalesce(category_id, 0), content_list_month_end(publish_ts), count(*)::int
  FROM contents WHERE status = 1 AND published IS NOT NULL GROUP BY 1, 2, 3, 4, 5;
