-- Issue 32: the clients' token buckets, shared by every instance (server/shared/sharedBudget.ts). UNLOGGED by hand
-- (drizzle-kit has no word for it): no WAL for a write per analytics batch; a crash empties it, i.e. full buckets.
CREATE UNLOGGED TABLE "client_budgets" (
	"key" text PRIMARY KEY NOT NULL,
	"tokens" double precision NOT NULL,
	"at" bigint NOT NULL,
	"granted" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "client_budgets_at_idx" ON "client_budgets" USING btree ("at");