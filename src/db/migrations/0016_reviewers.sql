ALTER TABLE "user" ADD COLUMN "reviewer_max_points" integer;--> statement-breakpoint
ALTER TABLE "contributions" ADD COLUMN "changes_note" text;--> statement-breakpoint
ALTER TABLE "contributions" ADD COLUMN "resubmitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_reviewer_max_points_positive" CHECK ("reviewer_max_points" IS NULL OR "reviewer_max_points" > 0);
