-- Issue 19: the bounty board links the requester's and the winners' names to their public
-- profiles (server/features/profile/shown.ts), so hiding a profile or verifying an address
-- bumps the board's version (server/lib/list-cache.ts), whichever code path writes it.
CREATE TRIGGER user_profile_list_version AFTER UPDATE OF "profile_hidden", "email_verified" ON "user"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions('bounties');
