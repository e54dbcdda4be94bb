-- The review queue's counts by type (server/features/contributions/contributions.handlers.ts)
-- read every pending contribution: about 70 ms at 100,000 pending. They are kept in the list
-- cache (server/lib/list-cache.ts) under a version that every statement writing contributions
-- bumps, as the public lists' versions are (migration 0012). Disabling or enabling an account
-- takes its items out of the queue or back, so it bumps this version too: the user trigger is
-- rebuilt with every list it names, locked in name order in one statement (no deadlock).
INSERT INTO "list_versions" ("list") VALUES ('contributions') ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE TRIGGER contributions_list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "contributions"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions('contributions');
--> statement-breakpoint
DROP TRIGGER IF EXISTS user_name_list_version ON "user";
--> statement-breakpoint
CREATE TRIGGER user_name_list_version AFTER UPDATE OF "name", "disabled_at" OR DELETE OR TRUNCATE ON "user"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions('bounties', 'contributions', 'grants', 'projects');
