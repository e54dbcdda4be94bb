ALTER TABLE "user" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "previous_time_zone" text;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "time_zone_from" timestamp with time zone;