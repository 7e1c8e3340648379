CREATE TABLE "customer_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"reader_id" integer,
	"name" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"read_at" timestamp with time zone,
	"read_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"message_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"user_id" integer,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "epaper_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"send_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"reader_id" integer,
	"email" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "epaper_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"content_id" integer NOT NULL,
	"audience" jsonb NOT NULL,
	"status" text NOT NULL,
	"scheduled_at" timestamp with time zone,
	"total" integer DEFAULT 0 NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "followers" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"email" text NOT NULL,
	"reader_id" integer,
	"source" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reader_payment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"payment_id" integer,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reader_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"reader_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"order_number" text NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"rec_trade_id" text,
	"card" jsonb,
	"purpose" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reader_plan_texts" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"lang_id" smallint DEFAULT 1 NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reader_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"lang_id" smallint DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"price" integer NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"func" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"freq" smallint DEFAULT 1 NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reader_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"reader_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reader_signins" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"email" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"code_hash" text NOT NULL,
	"link_hash" text NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reader_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"reader_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"renew_attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"card" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "readers" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"email" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"source" text DEFAULT 'signup' NOT NULL,
	"epaper_opt_in" boolean DEFAULT true NOT NULL,
	"bounced_at" timestamp with time zone,
	"lang_id" smallint DEFAULT 1 NOT NULL,
	"last_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_messages" ADD CONSTRAINT "customer_messages_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_messages" ADD CONSTRAINT "customer_messages_reader_id_readers_id_fk" FOREIGN KEY ("reader_id") REFERENCES "public"."readers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_messages" ADD CONSTRAINT "customer_messages_read_by_users_id_fk" FOREIGN KEY ("read_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_replies" ADD CONSTRAINT "customer_replies_message_id_customer_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."customer_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_replies" ADD CONSTRAINT "customer_replies_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_replies" ADD CONSTRAINT "customer_replies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epaper_deliveries" ADD CONSTRAINT "epaper_deliveries_send_id_epaper_sends_id_fk" FOREIGN KEY ("send_id") REFERENCES "public"."epaper_sends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epaper_deliveries" ADD CONSTRAINT "epaper_deliveries_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epaper_deliveries" ADD CONSTRAINT "epaper_deliveries_reader_id_readers_id_fk" FOREIGN KEY ("reader_id") REFERENCES "public"."readers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epaper_sends" ADD CONSTRAINT "epaper_sends_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epaper_sends" ADD CONSTRAINT "epaper_sends_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epaper_sends" ADD CONSTRAINT "epaper_sends_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "followers" ADD CONSTRAINT "followers_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "followers" ADD CONSTRAINT "followers_reader_id_readers_id_fk" FOREIGN KEY ("reader_id") REFERENCES "public"."readers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reader_payment_events" ADD CONSTRAINT "reader_payment_events_payment_id_reader_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."reader_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reader_payments" ADD CONSTRAINT "reader_payments_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reader_payments" ADD CONSTRAINT "reader_payments_reader_id_readers_id_fk" FOREIGN KEY ("reader_id") REFERENCES "public"."readers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reader_payments" ADD CONSTRAINT "reader_payments_plan_id_reader_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."reader_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reader_plan_texts" ADD CONSTRAINT "reader_plan_texts_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reader_plans" ADD CONSTRAINT "reader_plans_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reader_sessions" ADD CONSTRAINT "reader_sessions_reader_id_readers_id_fk" FOREIGN KEY ("reader_id") REFERENCES "public"."readers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reader_sessions" ADD CONSTRAINT "reader_sessions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reader_signins" ADD CONSTRAINT "reader_signins_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reader_subscriptions" ADD CONSTRAINT "reader_subscriptions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reader_subscriptions" ADD CONSTRAINT "reader_subscriptions_reader_id_readers_id_fk" FOREIGN KEY ("reader_id") REFERENCES "public"."readers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reader_subscriptions" ADD CONSTRAINT "reader_subscriptions_plan_id_reader_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."reader_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "readers" ADD CONSTRAINT "readers_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_messages_site_idx" ON "customer_messages" USING btree ("site_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "customer_messages_new_idx" ON "customer_messages" USING btree ("site_id") WHERE "customer_messages"."status" = 1;--> statement-breakpoint
CREATE INDEX "customer_replies_message_idx" ON "customer_replies" USING btree ("message_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "epaper_deliveries_send_email_uq" ON "epaper_deliveries" USING btree ("send_id","email");--> statement-breakpoint
CREATE INDEX "epaper_deliveries_work_idx" ON "epaper_deliveries" USING btree ("send_id","status","lease_until");--> statement-breakpoint
CREATE INDEX "epaper_deliveries_reader_idx" ON "epaper_deliveries" USING btree ("reader_id");--> statement-breakpoint
CREATE INDEX "epaper_sends_content_idx" ON "epaper_sends" USING btree ("content_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "epaper_sends_due_idx" ON "epaper_sends" USING btree ("scheduled_at") WHERE "epaper_sends"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "epaper_sends_site_month_idx" ON "epaper_sends" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "followers_site_email_uq" ON "followers" USING btree ("site_id","email");--> statement-breakpoint
CREATE INDEX "followers_site_created_idx" ON "followers" USING btree ("site_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "reader_payment_events_event_uq" ON "reader_payment_events" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reader_payments_order_uq" ON "reader_payments" USING btree ("order_number");--> statement-breakpoint
CREATE UNIQUE INDEX "reader_payments_purpose_uq" ON "reader_payments" USING btree ("reader_id","purpose");--> statement-breakpoint
CREATE UNIQUE INDEX "reader_payments_open_uq" ON "reader_payments" USING btree ("reader_id") WHERE "reader_payments"."status" = 'pending' AND "reader_payments"."purpose" IS NULL;--> statement-breakpoint
CREATE INDEX "reader_payments_reader_idx" ON "reader_payments" USING btree ("reader_id","created_at");--> statement-breakpoint
CREATE INDEX "reader_payments_site_idx" ON "reader_payments" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reader_plan_texts_site_lang_uq" ON "reader_plan_texts" USING btree ("site_id","lang_id");--> statement-breakpoint
CREATE INDEX "reader_plans_site_idx" ON "reader_plans" USING btree ("site_id","lang_id");--> statement-breakpoint
CREATE INDEX "reader_sessions_reader_idx" ON "reader_sessions" USING btree ("reader_id");--> statement-breakpoint
CREATE INDEX "reader_sessions_expires_idx" ON "reader_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "reader_signins_site_email_idx" ON "reader_signins" USING btree ("site_id","email","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "reader_signins_link_uq" ON "reader_signins" USING btree ("link_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "reader_subscriptions_reader_uq" ON "reader_subscriptions" USING btree ("reader_id");--> statement-breakpoint
CREATE INDEX "reader_subscriptions_site_idx" ON "reader_subscriptions" USING btree ("site_id","status");--> statement-breakpoint
CREATE INDEX "reader_subscriptions_due_idx" ON "reader_subscriptions" USING btree ("next_attempt_at");--> statement-breakpoint
CREATE UNIQUE INDEX "readers_site_email_uq" ON "readers" USING btree ("site_id","email");--> statement-breakpoint
CREATE INDEX "readers_site_created_idx" ON "readers" USING btree ("site_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "readers_tags_idx" ON "readers" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "readers_name_trgm" ON "readers" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "readers_email_trgm" ON "readers" USING gin ("email" gin_trgm_ops);