CREATE TABLE "user_counts" (
	"role" text NOT NULL,
	"verified" boolean NOT NULL,
	"users" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "user_counts_role_verified_pk" PRIMARY KEY("role","verified")
);
--> statement-breakpoint
-- The admin's member counts (/api/admin/summary) counted every user by role: about 2 s at
-- 1,000,000 accounts. These row triggers keep one counter per (role, verified) in the writer's
-- transaction instead, whatever writes the user (better-auth, the role pick, verification,
-- deletion). An account that changes key touches its old and new rows in (role, verified)
-- order, so two accounts moving in opposite directions cannot deadlock.
CREATE FUNCTION user_counts_add(r text, v boolean, d integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "user_counts" ("role", "verified", "users") VALUES (r, v, d)
  ON CONFLICT ("role", "verified") DO UPDATE SET "users" = "user_counts"."users" + d;
$$;
--> statement-breakpoint
CREATE FUNCTION user_counts_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM user_counts_add(NEW.role, NEW.email_verified, 1);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM user_counts_add(OLD.role, OLD.email_verified, -1);
  ELSIF (OLD.role, OLD.email_verified) < (NEW.role, NEW.email_verified) THEN
    PERFORM user_counts_add(OLD.role, OLD.email_verified, -1);
    PERFORM user_counts_add(NEW.role, NEW.email_verified, 1);
  ELSE
    PERFORM user_counts_add(NEW.role, NEW.email_verified, 1);
    PERFORM user_counts_add(OLD.role, OLD.email_verified, -1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER user_counts_insert_delete AFTER INSERT OR DELETE ON "user"
  FOR EACH ROW EXECUTE FUNCTION user_counts_row();
--> statement-breakpoint
CREATE TRIGGER user_counts_update AFTER UPDATE OF "role", "email_verified" ON "user"
  FOR EACH ROW WHEN (OLD.role IS DISTINCT FROM NEW.role OR OLD.email_verified IS DISTINCT FROM NEW.email_verified)
  EXECUTE FUNCTION user_counts_row();
--> statement-breakpoint
CREATE FUNCTION user_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "user_counts";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER user_counts_truncate AFTER TRUNCATE ON "user"
  FOR EACH STATEMENT EXECUTE FUNCTION user_counts_truncate();
--> statement-breakpoint
INSERT INTO "user_counts" ("role", "verified", "users")
  SELECT "role", "email_verified", count(*) FROM "user" GROUP BY 1, 2;
