CREATE TABLE "window_bands" (
	"window_key" text NOT NULL,
	"band" integer NOT NULL,
	"users" integer NOT NULL,
	CONSTRAINT "window_bands_window_key_band_pk" PRIMARY KEY("window_key","band")
);
--> statement-breakpoint
INSERT INTO "window_bands" ("window_key", "band", "users")
SELECT "window_key", floor("points" / 100)::int, count(*)::int FROM "window_scores" WHERE "points" >= 1 GROUP BY 1, 2;
