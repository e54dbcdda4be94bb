-- The admin review queues in keyset pages at 100,000 pending (issue 16). Each queue is the
-- pending part of a large table, in its own order: a partial index in that order serves the
-- pages, and, carrying the owner (and for contributions the type), the counts by type, each
-- item's place in the queue and the queues' health read the index alone. drizzle's index
-- builder has no INCLUDE: src/db/tables declares the key columns and points here. The bounty
-- requests' list (every status, newest first) gets the id in its order's index.
DROP INDEX IF EXISTS "bounty_applications_created_idx";--> statement-breakpoint
CREATE INDEX "contributions_pending_idx" ON "contributions" USING btree ("created_at","id") INCLUDE ("user_id", "type") WHERE "contributions"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "project_applications_pending_idx" ON "project_applications" USING btree ("submitted_at","id") INCLUDE ("owner_id") WHERE "project_applications"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "bounty_applications_created_idx" ON "bounty_applications" USING btree ("created_at","id");
