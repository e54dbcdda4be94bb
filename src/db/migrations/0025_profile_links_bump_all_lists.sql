-- Issue 19: project owners and grant applicants link to their public profiles too
-- (server/features/profile/shown.ts), so hiding a profile or verifying an address bumps those
-- lists' cached versions as well as the bounty board's (server/lib/list-cache.ts).
DROP TRIGGER IF EXISTS user_profile_list_version ON "user";
--> statement-breakpoint
CREATE TRIGGER user_profile_list_version AFTER UPDATE OF "profile_hidden", "email_verified" ON "user"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions('projects', 'bounties', 'grants');
