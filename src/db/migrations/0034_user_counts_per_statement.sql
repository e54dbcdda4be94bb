-- The member counters (migration 0030) were kept by row triggers: one update of a counter row per
-- account written. A statement that writes many accounts at once (an import, a script, a bulk
-- verification) then updated the same counter row once per account inside one transaction, and
-- each update walks the row's growing chain of versions: 100,000 accounts in one INSERT took
-- about 65 s instead of 1.5 s. Statement triggers with transition tables apply one change per
-- (role, verified) per statement instead, whatever the number of rows, in key order, so two
-- statements moving accounts in opposite directions still cannot deadlock.
DROP TRIGGER "user_counts_insert_delete" ON "user";
--> statement-breakpoint
DROP TRIGGER "user_counts_update" ON "user";
--> statement-breakpoint
DROP FUNCTION user_counts_row();
--> statement-breakpoint
DROP FUNCTION user_counts_add(text, boolean, integer);
--> statement-breakpoint
CREATE FUNCTION user_counts_statement() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each branch names only the transition tables its event has.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "user_counts" ("role", "verified", "users")
      SELECT "role", "email_verified", count(*) FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT ("role", "verified") DO UPDATE SET "users" = "user_counts"."users" + excluded."users";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "user_counts" ("role", "verified", "users")
      SELECT "role", "email_verified", -count(*) FROM old_rows GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT ("role", "verified") DO UPDATE SET "users" = "user_counts"."users" + excluded."users";
  ELSE
    -- An update: +1 under the new key, -1 under the old; an account whose key did not change nets 0.
    INSERT INTO "user_counts" ("role", "verified", "users")
      SELECT k."role", k."verified", sum(k.d) FROM (
        SELECT "role", "email_verified" AS "verified", 1 AS d FROM new_rows
        UNION ALL
        SELECT "role", "email_verified", -1 FROM old_rows
      ) k
      GROUP BY 1, 2 HAVING sum(k.d) <> 0 ORDER BY 1, 2
      ON CONFLICT ("role", "verified") DO UPDATE SET "users" = "user_counts"."users" + excluded."users";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER user_counts_insert AFTER INSERT ON "user"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION user_counts_statement();
--> statement-breakpoint
CREATE TRIGGER user_counts_delete AFTER DELETE ON "user"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION user_counts_statement();
--> statement-breakpoint
CREATE TRIGGER user_counts_update AFTER UPDATE ON "user"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION user_counts_statement();
