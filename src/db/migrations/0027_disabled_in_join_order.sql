DROP INDEX "user_disabled_idx";--> statement-breakpoint
CREATE INDEX "user_disabled_idx" ON "user" USING btree ("created_at","id") WHERE "user"."disabled_at" is not null;