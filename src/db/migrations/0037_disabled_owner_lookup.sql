-- Every public list and queue asks, per row shown, whether the row's owner is disabled
-- (features/users/owner-enabled.ts: an anti-join on "user" by id). The only index on the disabled
-- few was keyed by join date, so each of those lookups read all of it: at 1,000 disabled accounts,
-- ten pages per row, 250 for a page of 25 bounties, growing with every account disabled. Keyed by
-- id, each lookup is one probe of a small index.
CREATE INDEX "user_disabled_id_idx" ON "user" USING btree ("id") WHERE "user"."disabled_at" is not null;