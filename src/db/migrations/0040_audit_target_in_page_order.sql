-- The audit log filtered by its target member (GET /admin/audit?target=…) is read newest first,
-- keyset-paged by id: with id last in the target index a page is one range of it, however many
-- entries name the member, instead of every one of them read and sorted for each page.
DROP INDEX "audit_log_target_idx";--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id","id");