-- The bounty approvals screen shows, on each request it published, how many applied to the bounty;
-- its first page of each chip is now kept in the list cache under bounty_requests
-- (server/features/bounties/requests.handlers.ts), so an applicant's row bumps that version too
-- (both lists locked in name order in one statement, as every multi-list bump: no deadlock).
DROP TRIGGER IF EXISTS bounty_applicants_list_version ON "bounty_applicants";
--> statement-breakpoint
CREATE TRIGGER bounty_applicants_list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "bounty_applicants"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions('bounties', 'bounty_requests');
