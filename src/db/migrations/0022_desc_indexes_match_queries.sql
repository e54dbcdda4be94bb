-- Issue 19/16: drizzle's .desc() builds DESC NULLS LAST, which a query's ORDER BY ... DESC (NULLS FIRST)
-- cannot walk: the window top 50 sorted a whole window (128 ms at 1 M users) and the inbox
-- scanned every notification. The indexes now match the queries' order.
DROP INDEX "notifications_user_idx";--> statement-breakpoint
DROP INDEX "window_scores_rank_idx";--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "window_scores_rank_idx" ON "window_scores" USING btree ("window_key","points" DESC NULLS FIRST,"reached_at","user_id");