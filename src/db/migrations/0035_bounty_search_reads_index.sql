-- A search of the bounty board (issue 16, lists at scale) walks the board's order and keeps the
-- bounties whose title or reward contains the term: at 20,000 bounties a two-character term
-- reads about 1,000 rows for a page of 25. With the title, the reward and the requester in the
-- order's index, that walk reads the index alone (the requester for the disabled-owner rule),
-- and only the page's rows are read from the table (features/bounties/board.data.ts).
-- drizzle's index builder has no INCLUDE: src/db/tables/bounties.ts declares the key columns.
DROP INDEX IF EXISTS "bounties_deadline_idx";--> statement-breakpoint
CREATE INDEX "bounties_deadline_idx" ON "bounties" USING btree ("deadline","id") INCLUDE ("title", "reward", "requester_id");
