-- Caches keyed by the write generation (docs/decisions/0023): the signed-in member's row
-- (server/auth/user-rows.ts) and the public lists' versions (server/lib/list-cache.ts). On
-- PostgreSQL other processes write too, so every statement that changes "user" or
-- "list_versions" tells every listening process, at its commit (src/db/write-generation.ts).
-- Statement-level, and NOTIFY folds a transaction's identical notifications into one: one
-- message per writing transaction, whatever it touched. Nobody listens on PGlite.
CREATE OR REPLACE FUNCTION notify_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sysfi_rows_changed', '');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "user_rows_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_rows_changed();--> statement-breakpoint
CREATE TRIGGER "list_versions_rows_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "list_versions"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_rows_changed();
