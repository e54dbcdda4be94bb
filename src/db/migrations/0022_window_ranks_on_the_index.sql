-- Issue 19/16: window ranks and top 50s read only the index, at any window size.
-- * drizzle's .desc() built DESC NULLS LAST, which a query's ORDER BY ... DESC (NULLS FIRST)
--   cannot walk: the window top 50 sorted the whole window (128 ms at 1 M users) and the
--   inbox scanned every notification. The indexes now match the queries' order.
-- * A disabled user's window rows are unlisted (off the board and out of window_bands), as
--   the all-time histogram leaves them, so a rank no longer subtracts the disabled users
--   above it one probe at a time (7 ms for 1,000 disabled users).
DROP INDEX "notifications_user_idx";--> statement-breakpoint
DROP INDEX "window_scores_rank_idx";--> statement-breakpoint
ALTER TABLE "window_scores" ADD COLUMN "listed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "window_scores_rank_idx" ON "window_scores" USING btree ("window_key","points" DESC NULLS FIRST,"reached_at","user_id") WHERE "window_scores"."listed";--> statement-breakpoint
UPDATE "window_scores" SET "listed" = false WHERE "user_id" IN (SELECT "id" FROM "user" WHERE "disabled_at" IS NOT NULL);--> statement-breakpoint
DELETE FROM "window_bands";--> statement-breakpoint
INSERT INTO "window_bands" ("window_key", "band", "users") SELECT "window_key", floor("points" / 100)::int, count(*)::int FROM "window_scores" WHERE "points" >= 1 AND "listed" GROUP BY 1, 2;
