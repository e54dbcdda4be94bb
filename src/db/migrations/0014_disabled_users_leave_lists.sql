-- Issue 18: a disabled user's projects, bounties and grants leave the public lists, so
-- disabling or enabling an account bumps those lists' versions (server/lib/list-cache.ts)
-- as a name change does, whichever code path writes it.
DROP TRIGGER IF EXISTS user_name_list_version ON "user";
--> statement-breakpoint
CREATE TRIGGER user_name_list_version AFTER UPDATE OF "name", "disabled_at" OR DELETE OR TRUNCATE ON "user"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions('projects', 'bounties', 'grants');
