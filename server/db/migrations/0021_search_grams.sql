-- Keyword search from two characters up (issue 31; server/http/keyword.ts): the lower-cased character bigrams of a
-- text, for GIN expression indexes. pg_trgm needs three characters of a word and pg_bigm is not on PGlite. A keyword's
-- bigrams are all among those of every text holding it, so `search_grams(col) @> <its bigrams>` finds a superset of
-- `col ILIKE '%keyword%'`, which then decides. PL/pgSQL: about twice as fast as the same in SQL (no array_agg).
CREATE OR REPLACE FUNCTION search_grams(t text) RETURNS text[]
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
AS $$
DECLARE
  l text := lower(t);
  grams text[] := '{}';
BEGIN
  FOR i IN 1 .. char_length(l) - 1 LOOP
    grams := grams || substr(l, i, 2);
  END LOOP;
  RETURN grams;
END
$$;--> statement-breakpoint
CREATE INDEX "contents_title_grams" ON "contents" USING gin (search_grams("title"));--> statement-breakpoint
CREATE INDEX "reader_subscriptions_plan_idx" ON "reader_subscriptions" USING btree ("plan_id","status");--> statement-breakpoint
CREATE INDEX "readers_name_grams" ON "readers" USING gin (search_grams("name"));--> statement-breakpoint
CREATE INDEX "readers_email_grams" ON "readers" USING gin (search_grams("email"));