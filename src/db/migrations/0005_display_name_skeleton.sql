-- Display-name keys move to the Unicode confusables skeleton (server/lib/display-name.ts,
-- scheme 2). Existing rows keep scheme 1 and give up their old key (a placeholder that no
-- name can produce: names cannot hold control characters); the server recomputes their keys
-- in JavaScript at boot, oldest account first (server/features/account/name-keys.ts), before
-- it serves anything. New rows get scheme 2.
ALTER TABLE "user" ADD COLUMN "username_scheme" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ALTER COLUMN "username_scheme" SET DEFAULT 2;--> statement-breakpoint
UPDATE "user" SET "username" = chr(1) || "id" WHERE "username_scheme" < 2;--> statement-breakpoint
CREATE INDEX "user_username_scheme_idx" ON "user" USING btree ("username_scheme") WHERE "user"."username_scheme" < 2;
