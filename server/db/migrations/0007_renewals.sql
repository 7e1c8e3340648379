ALTER TABLE "payments" ADD COLUMN "purpose" text;--> statement-breakpoint
ALTER TABLE "site_subscriptions" ADD COLUMN "next_plan_id" integer;--> statement-breakpoint
ALTER TABLE "site_subscriptions" ADD COLUMN "renew_attempts" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_subscriptions" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "site_subscriptions" ADD CONSTRAINT "site_subscriptions_next_plan_id_plans_id_fk" FOREIGN KEY ("next_plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_purpose_uq" ON "payments" USING btree ("site_id","purpose");--> statement-breakpoint
CREATE INDEX "site_subscriptions_due_idx" ON "site_subscriptions" USING btree ("next_attempt_at");