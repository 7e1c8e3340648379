CREATE TABLE "payment_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"card_key" text NOT NULL,
	"card_token" text NOT NULL,
	"last_four" text NOT NULL,
	"expiry" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"payment_id" integer,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"order_number" text NOT NULL,
	"kind" text NOT NULL,
	"plan_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"rec_trade_id" text,
	"invoice" jsonb,
	"card" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" integer PRIMARY KEY NOT NULL,
	"name_tw" text NOT NULL,
	"name_en" text NOT NULL,
	"price" integer NOT NULL,
	"members" integer NOT NULL,
	"staff_count" integer NOT NULL,
	"history_count" integer NOT NULL,
	"history_days" integer NOT NULL,
	"upload_mb" integer NOT NULL,
	"newsletters" integer NOT NULL,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"helper_tw" text DEFAULT '' NOT NULL,
	"helper_en" text DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_cards" ADD CONSTRAINT "payment_cards_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_subscriptions" ADD CONSTRAINT "site_subscriptions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_subscriptions" ADD CONSTRAINT "site_subscriptions_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_cards_site_idx" ON "payment_cards" USING btree ("site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_event_uq" ON "payment_events" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_order_number_uq" ON "payments" USING btree ("order_number");--> statement-breakpoint
CREATE INDEX "payments_site_idx" ON "payments" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_rec_trade_idx" ON "payments" USING btree ("rec_trade_id");--> statement-breakpoint
CREATE UNIQUE INDEX "site_subscriptions_site_uq" ON "site_subscriptions" USING btree ("site_id");