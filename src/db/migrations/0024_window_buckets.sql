-- Issue 19/16: a rank in a window counts inside its own band from exact-score buckets, not from the
-- scores (a band holding most of a window, as low scores do, would make that count long).
CREATE TABLE "window_buckets" (
	"window_key" text NOT NULL,
	"points" integer NOT NULL,
	"users" integer NOT NULL,
	CONSTRAINT "window_buckets_window_key_points_pk" PRIMARY KEY("window_key","points")
);
--> statement-breakpoint
INSERT INTO "window_buckets" ("window_key", "points", "users") SELECT "window_key", "points", count(*)::int FROM "window_scores" WHERE "points" >= 1 AND "listed" GROUP BY 1, 2;
