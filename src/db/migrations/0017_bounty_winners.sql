CREATE TABLE "bounty_submissions" (
	"id" text PRIMARY KEY NOT NULL,
	"bounty_id" text NOT NULL,
	"user_id" text NOT NULL,
	"link" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bounty_winners" (
	"bounty_id" text NOT NULL,
	"place" smallint NOT NULL,
	"user_id" text NOT NULL,
	"prize_xp" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bounty_winners_bounty_id_place_pk" PRIMARY KEY("bounty_id","place")
);
--> statement-breakpoint
ALTER TABLE "bounties" ADD COLUMN "winners_announced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bounties" ADD COLUMN "winners_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bounty_submissions" ADD CONSTRAINT "bounty_submissions_bounty_id_bounties_id_fk" FOREIGN KEY ("bounty_id") REFERENCES "public"."bounties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bounty_submissions" ADD CONSTRAINT "bounty_submissions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bounty_winners" ADD CONSTRAINT "bounty_winners_bounty_id_bounties_id_fk" FOREIGN KEY ("bounty_id") REFERENCES "public"."bounties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bounty_winners" ADD CONSTRAINT "bounty_winners_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bounty_submissions_one_per_user" ON "bounty_submissions" USING btree ("bounty_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bounty_winners_one_place_per_user" ON "bounty_winners" USING btree ("bounty_id","user_id");--> statement-breakpoint
CREATE INDEX "bounty_winners_user_idx" ON "bounty_winners" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "bounty_winners" ADD CONSTRAINT "bounty_winners_place_podium" CHECK ("place" BETWEEN 1 AND 3);--> statement-breakpoint
ALTER TABLE "bounty_winners" ADD CONSTRAINT "bounty_winners_prize_nonneg" CHECK ("prize_xp" >= 0);--> statement-breakpoint
-- Bounties still waiting for winners, by requester and deadline: the overdue rule on a new
-- request and the day-5 reminder read only these.
CREATE INDEX "bounties_awaiting_winners_idx" ON "bounties" USING btree ("requester_id","deadline") WHERE "winners_announced_at" IS NULL AND "deadline" IS NOT NULL;
