-- Issue 31: every process caches who is calling (a session, its user, the site scope: staff row, role, site's plan
-- and support access, plan row, support entry) and drops an entry when one of its rows changes. These triggers tell
-- every process listening on the channel `callers` (server/db/changes.ts), as '<what>:<id>', whoever writes: any
-- instance, the CLI scripts, psql. A session's touch (last_seen_at and a later expiry) is not news to anyone.
CREATE OR REPLACE FUNCTION callers_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_key text;
  new_key text;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    old_key := to_jsonb(OLD) ->> TG_ARGV[1];
    IF old_key IS NOT NULL THEN
      PERFORM pg_notify('callers', TG_ARGV[0] || ':' || old_key);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_key := to_jsonb(NEW) ->> TG_ARGV[1];
    IF new_key IS NOT NULL AND new_key IS DISTINCT FROM old_key THEN
      PERFORM pg_notify('callers', TG_ARGV[0] || ':' || new_key);
    END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER sessions_callers_delete AFTER DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION callers_notify('session', 'id');--> statement-breakpoint
CREATE TRIGGER sessions_callers_update AFTER UPDATE ON "sessions"
  FOR EACH ROW WHEN (
    OLD.id <> NEW.id OR OLD.user_id <> NEW.user_id OR OLD.site_id IS DISTINCT FROM NEW.site_id
    OR OLD.support_entry_id IS DISTINCT FROM NEW.support_entry_id OR OLD.remember <> NEW.remember
    OR NEW.expires_at < OLD.expires_at
  ) EXECUTE FUNCTION callers_notify('session', 'id');--> statement-breakpoint
CREATE TRIGGER users_callers AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION callers_notify('user', 'id');--> statement-breakpoint
CREATE TRIGGER site_staff_callers AFTER INSERT OR UPDATE OR DELETE ON "site_staff"
  FOR EACH ROW EXECUTE FUNCTION callers_notify('staff', 'user_id');--> statement-breakpoint
CREATE TRIGGER roles_callers AFTER UPDATE OR DELETE ON "roles"
  FOR EACH ROW EXECUTE FUNCTION callers_notify('role', 'id');--> statement-breakpoint
CREATE TRIGGER sites_callers_update AFTER UPDATE OF service_id, support_access ON "sites"
  FOR EACH ROW WHEN (
    OLD.service_id IS DISTINCT FROM NEW.service_id OR OLD.support_access IS DISTINCT FROM NEW.support_access
  ) EXECUTE FUNCTION callers_notify('site', 'id');--> statement-breakpoint
CREATE TRIGGER sites_callers_delete AFTER DELETE ON "sites"
  FOR EACH ROW EXECUTE FUNCTION callers_notify('site', 'id');--> statement-breakpoint
CREATE TRIGGER plans_callers AFTER UPDATE OR DELETE ON "plans"
  FOR EACH ROW EXECUTE FUNCTION callers_notify('plan', 'id');--> statement-breakpoint
CREATE TRIGGER support_entries_callers AFTER UPDATE OR DELETE ON "support_entries"
  FOR EACH ROW EXECUTE FUNCTION callers_notify('support', 'id');
