CREATE TABLE "seasons" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "window_scores" (
	"window_key" text NOT NULL,
	"user_id" text NOT NULL,
	"points" integer NOT NULL,
	"reached_at" timestamp with time zone NOT NULL,
	CONSTRAINT "window_scores_window_key_user_id_pk" PRIMARY KEY("window_key","user_id")
);
--> statement-breakpoint
ALTER TABLE "window_scores" ADD CONSTRAINT "window_scores_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seasons_starts_idx" ON "seasons" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "window_scores_rank_idx" ON "window_scores" USING btree ("window_key","points" DESC NULLS LAST,"reached_at","user_id");--> statement-breakpoint
ALTER TABLE "seasons" ADD CONSTRAINT "seasons_ends_after_start" CHECK ("ends_at" > "starts_at");--> statement-breakpoint
-- The week and month windows of the ledger written so far (features/seasons/windows.ts
-- keeps them from now on, in each award's transaction).
INSERT INTO "window_scores" ("window_key", "user_id", "points", "reached_at")
SELECT k, user_id, sum(delta)::int, max(created_at) FROM (
  SELECT 'week:' || to_char(date_trunc('week', created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS k, user_id, delta, created_at FROM "point_events"
  UNION ALL
  SELECT 'month:' || to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM') AS k, user_id, delta, created_at FROM "point_events"
) w GROUP BY k, user_id;
