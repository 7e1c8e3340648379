DROP INDEX "readers_name_trgm";--> statement-breakpoint
DROP INDEX "readers_email_trgm";