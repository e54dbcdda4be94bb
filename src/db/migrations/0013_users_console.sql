ALTER TABLE "user" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "disabled_reason" text;--> statement-breakpoint
CREATE INDEX "user_joined_idx" ON "user" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "user_username_prefix_idx" ON "user" USING btree ("username" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "user_email_prefix_idx" ON "user" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "user_disabled_idx" ON "user" USING btree ("disabled_at") WHERE "user"."disabled_at" is not null;--> statement-breakpoint
CREATE INDEX "user_referred_by_idx" ON "user" USING btree ("referred_by");