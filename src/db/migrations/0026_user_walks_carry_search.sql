-- The admin's users search (issue 16: p99 under 25 ms at 1 M users). A name or e-mail prefix
-- searched in join-date or XP order walks the order's index and keeps the rows that match
-- (server/features/users/users.data.ts listUsers). For "Farah Mer" (1 in 300 members) that
-- read about 15,000 table rows for one page. The two walks now carry the search's columns
-- (display-name key, e-mail, role), so the walk reads only the index (about 1 ms instead
-- of 7 to 9), and the page's 50 rows are read by id. The name-key prefix index carries the
-- order columns and role too: PostgreSQL may instead take every match of a prefix and sort
-- them (it underestimates a prefix inside one histogram bin: 100 rows for 3,333), and that
-- path then reads the index only as well. drizzle's index builder has no INCLUDE:
-- src/db/tables/auth.ts declares the key columns and points here.
DROP INDEX IF EXISTS "user_joined_idx";
--> statement-breakpoint
CREATE INDEX "user_joined_idx" ON "user" USING btree ("created_at", "id") INCLUDE ("username", "email", "role");
--> statement-breakpoint
DROP INDEX IF EXISTS "user_leaderboard_idx";
--> statement-breakpoint
CREATE INDEX "user_leaderboard_idx" ON "user" USING btree ("point_balance" DESC NULLS FIRST, "score_reached_at", "id") INCLUDE ("username", "email", "role");
--> statement-breakpoint
DROP INDEX IF EXISTS "user_username_prefix_idx";
--> statement-breakpoint
CREATE INDEX "user_username_prefix_idx" ON "user" USING btree ("username" text_pattern_ops) INCLUDE ("created_at", "id", "point_balance", "score_reached_at", "role");
