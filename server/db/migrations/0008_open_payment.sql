-- Older databases may hold several open window payments of one site: all but the newest are expired first.
UPDATE "payments" SET "status" = 'expired' WHERE "status" = 'pending' AND "purpose" IS NULL AND "id" NOT IN (SELECT max("id") FROM "payments" WHERE "status" = 'pending' AND "purpose" IS NULL GROUP BY "site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_open_uq" ON "payments" USING btree ("site_id") WHERE "payments"."status" = 'pending' AND "payments"."purpose" IS NULL;
