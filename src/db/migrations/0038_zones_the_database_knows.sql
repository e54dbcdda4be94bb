-- A member's time zone was checked only by the JavaScript Intl API, which also accepts names
-- PostgreSQL does not know (old aliases such as US/Pacific-New, offsets such as -0330). One such
-- value stored made every statement that converts times into members' zones fail (the admin
-- insights' abuse signals, for every admin, while that member's contribution was in the window).
-- Zones are now stored by their canonical IANA name (shared/rules/time-zone.ts canonicalTimeZone);
-- what was stored before and the database does not know falls back to UTC.
UPDATE "user" SET "time_zone" = 'UTC'
  WHERE "time_zone" NOT IN (SELECT "name" FROM pg_timezone_names);--> statement-breakpoint
UPDATE "user" SET "previous_time_zone" = 'UTC'
  WHERE "previous_time_zone" IS NOT NULL AND "previous_time_zone" NOT IN (SELECT "name" FROM pg_timezone_names);
