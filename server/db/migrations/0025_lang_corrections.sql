-- Issue 32: the language packs' corrections are rows, and every instance hears of a change as 'langpack:<lang>' on
-- the callers channel (callers_notify of 0018; server/db/changes.ts), whoever wrote it.
CREATE TABLE "lang_corrections" (
	"lang" text PRIMARY KEY NOT NULL,
	"corrections" jsonb NOT NULL,
	"stamp" bigint NOT NULL
);
--> statement-breakpoint
CREATE TRIGGER lang_corrections_notify AFTER INSERT OR UPDATE OR DELETE ON "lang_corrections"
  FOR EACH ROW EXECUTE FUNCTION callers_notify('langpack', 'lang');
