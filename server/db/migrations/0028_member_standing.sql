ALTER TABLE "readers" ADD COLUMN "standing" text[] DEFAULT '{status:free}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "readers_standing_idx" ON "readers" USING gin ("standing");--> statement-breakpoint
-- Issue 31 (custom SQL, keep when regenerating): a member's plan and status as filter keys on the reader's own row
-- (readers.standing), so that the members list's tag, plan and status filters meet in the indexes of one table
-- instead of a walk joining every reader to its subscription. The status follows server/modules/readers/status.ts
-- (memberStatusSql): paid while active or past due, lapsed once lapsed or cancelled, else free; a reader has at most
-- one subscription (reader_subscriptions_reader_uq), and none is free.
CREATE OR REPLACE FUNCTION reader_standing(status text, plan_id integer) RETURNS text[]
LANGUAGE sql IMMUTABLE
AS $$
  SELECT CASE WHEN status IS NULL THEN ARRAY['status:free']
    ELSE ARRAY['plan:' || plan_id, 'status:' || CASE
      WHEN status IN ('active', 'past_due') THEN 'paid'
      WHEN status IN ('lapsed', 'cancelled') THEN 'lapsed'
      ELSE 'free' END] END
$$;--> statement-breakpoint
-- One trigger function for the three statements: the readers whose subscription the statement took away are free,
-- those it wrote take its standing; a row already right is not written again.
CREATE OR REPLACE FUNCTION reader_standing_track() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE readers r SET standing = reader_standing(NULL, NULL) FROM old_rows o
      WHERE r.id = o.reader_id AND r.standing IS DISTINCT FROM reader_standing(NULL, NULL)
        AND NOT EXISTS (SELECT 1 FROM reader_subscriptions s WHERE s.reader_id = o.reader_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE readers r SET standing = reader_standing(n.status, n.plan_id) FROM new_rows n
      WHERE r.id = n.reader_id AND r.standing IS DISTINCT FROM reader_standing(n.status, n.plan_id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER reader_subscriptions_standing_insert AFTER INSERT ON reader_subscriptions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION reader_standing_track();--> statement-breakpoint
CREATE TRIGGER reader_subscriptions_standing_update AFTER UPDATE ON reader_subscriptions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION reader_standing_track();--> statement-breakpoint
CREATE TRIGGER reader_subscriptions_standing_delete AFTER DELETE ON reader_subscriptions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION reader_standing_track();--> statement-breakpoint
UPDATE readers r SET standing = reader_standing(s.status, s.plan_id) FROM reader_subscriptions s
  WHERE s.reader_id = r.id;
