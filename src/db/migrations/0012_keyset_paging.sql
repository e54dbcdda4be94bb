CREATE TABLE "list_versions" (
	"list" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "bounties_deadline_idx";--> statement-breakpoint
DROP INDEX "contributions_user_idx";--> statement-breakpoint
DROP INDEX "grants_applicant_idx";--> statement-breakpoint
DROP INDEX "grants_status_idx";--> statement-breakpoint
DROP INDEX "projects_owner_idx";--> statement-breakpoint
DROP INDEX "projects_status_idx";--> statement-breakpoint
DROP INDEX "resources_uploaded_idx";--> statement-breakpoint
CREATE INDEX "grants_submitted_idx" ON "grants" USING btree ("submitted_at","id");--> statement-breakpoint
CREATE INDEX "projects_created_idx" ON "projects" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "resources_category_idx" ON "resources" USING btree (lower(trim("category")),"uploaded_at","id");--> statement-breakpoint
CREATE INDEX "bounties_deadline_idx" ON "bounties" USING btree ("deadline","id");--> statement-breakpoint
CREATE INDEX "contributions_user_idx" ON "contributions" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "grants_applicant_idx" ON "grants" USING btree ("applicant_id","submitted_at","id");--> statement-breakpoint
CREATE INDEX "grants_status_idx" ON "grants" USING btree ("status","submitted_at","id");--> statement-breakpoint
CREATE INDEX "projects_owner_idx" ON "projects" USING btree ("owner_id","created_at","id");--> statement-breakpoint
CREATE INDEX "projects_status_idx" ON "projects" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "resources_uploaded_idx" ON "resources" USING btree ("uploaded_at","id");--> statement-breakpoint
-- Public list versions (server/lib/list-cache.ts): every statement that writes what a
-- list shows bumps the versions named in the trigger's arguments, in the writer's
-- transaction, whichever process or code path wrote it. Per statement, not per row.
INSERT INTO "list_versions" ("list") VALUES ('projects'), ('bounties'), ('grants'), ('resources');
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_list_versions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Rows locked in name order, so two statements bumping several lists never deadlock.
  PERFORM 1 FROM "list_versions" WHERE list = ANY (TG_ARGV) ORDER BY list FOR UPDATE;
  UPDATE "list_versions" SET version = version + 1 WHERE list = ANY (TG_ARGV);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER projects_list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "projects"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions('projects');
--> statement-breakpoint
CREATE TRIGGER bounties_list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "bounties"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions('bounties');
--> statement-breakpoint
CREATE TRIGGER bounty_applicants_list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "bounty_applicants"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions('bounties');
--> statement-breakpoint
CREATE TRIGGER grants_list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "grants"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions('grants');
--> statement-breakpoint
CREATE TRIGGER resources_list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "resources"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions('resources');
--> statement-breakpoint
-- Owner, requester and applicant names are shown on the cards (project titles on grant
-- cards never change: projects have no title edit).
CREATE TRIGGER user_name_list_version AFTER UPDATE OF "name" OR DELETE OR TRUNCATE ON "user"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions('projects', 'bounties', 'grants');
