-- The admin home's queue health (/api/admin/queues) counted every pending item of every queue
-- on each read: about 0.4 s with 100,000 pending in each. Each queue's count and oldest item are
-- now kept in the list cache (server/lib/list-cache.ts) under a version that every statement
-- writing the queue's table bumps, as migration 0029 did for contributions. Disabling or
-- enabling an account takes its items out of the queues or back, so the user trigger bumps
-- these two as well (all its lists locked in name order in one statement: no deadlock).
INSERT INTO "list_versions" ("list") VALUES ('bounty_requests'), ('project_applications') ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE TRIGGER bounty_applications_list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "bounty_applications"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions('bounty_requests');
--> statement-breakpoint
CREATE TRIGGER project_applications_list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "project_applications"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions('project_applications');
--> statement-breakpoint
DROP TRIGGER IF EXISTS user_name_list_version ON "user";
--> statement-breakpoint
CREATE TRIGGER user_name_list_version AFTER UPDATE OF "name", "disabled_at" OR DELETE OR TRUNCATE ON "user"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions('bounties', 'bounty_requests', 'contributions', 'grants', 'project_applications', 'projects');
