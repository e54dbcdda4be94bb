ALTER TABLE "user" ADD COLUMN "activity_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Bump user.activity_version whenever a row the user's dashboard shows is written,
-- from whichever process or code path writes it (the dashboard cache keys on it).
-- TG_ARGV[0] names the column holding the user's id.
CREATE OR REPLACE FUNCTION bump_user_activity() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r jsonb;
BEGIN
  IF TG_OP = 'DELETE' THEN r := to_jsonb(OLD); ELSE r := to_jsonb(NEW); END IF;
  UPDATE "user" SET activity_version = activity_version + 1 WHERE id = r ->> TG_ARGV[0];
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER projects_user_activity AFTER INSERT OR UPDATE OR DELETE ON "projects"
  FOR EACH ROW EXECUTE FUNCTION bump_user_activity('owner_id');
--> statement-breakpoint
CREATE TRIGGER bounty_applicants_user_activity AFTER INSERT OR UPDATE OR DELETE ON "bounty_applicants"
  FOR EACH ROW EXECUTE FUNCTION bump_user_activity('user_id');
--> statement-breakpoint
CREATE TRIGGER grants_user_activity AFTER INSERT OR UPDATE OR DELETE ON "grants"
  FOR EACH ROW EXECUTE FUNCTION bump_user_activity('applicant_id');
--> statement-breakpoint
CREATE TRIGGER contributions_user_activity AFTER INSERT OR UPDATE OR DELETE ON "contributions"
  FOR EACH ROW EXECUTE FUNCTION bump_user_activity('user_id');
--> statement-breakpoint
CREATE TRIGGER point_events_user_activity AFTER INSERT OR UPDATE OR DELETE ON "point_events"
  FOR EACH ROW EXECUTE FUNCTION bump_user_activity('user_id');
