-- Tweet ids are numbers (shared/rules/links.ts): a link key stored before that rule as
-- 'x.com/status/0001234' becomes 'x.com/status/1234', so the short form of a link
-- contributed earlier is found as a duplicate. When several stored rows now share one
-- key (they were contributed before the rule), the oldest takes it and the others keep
-- their old key: both contributions stay, and any new spelling of the id is refused.
WITH padded AS (
	SELECT "id", "created_at",
		'x.com/status/' || COALESCE(NULLIF(ltrim(substr("link_key", 14), '0'), ''), '0') AS "key"
	FROM "contributions"
	WHERE "link_key" LIKE 'x.com/status/0%'
), firsts AS (
	SELECT DISTINCT ON ("key") "id", "key" FROM padded ORDER BY "key", "created_at", "id"
)
UPDATE "contributions" AS c SET "link_key" = f."key"
FROM firsts AS f
WHERE c."id" = f."id"
	AND NOT EXISTS (SELECT 1 FROM "contributions" AS o WHERE o."link_key" = f."key");
