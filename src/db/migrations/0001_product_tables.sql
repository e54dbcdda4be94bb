CREATE TABLE "admin_decisions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "admin_decisions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"admin_id" text,
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"action" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bounties" (
	"id" text PRIMARY KEY NOT NULL,
	"request_id" text,
	"requester_id" text,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"reward" text NOT NULL,
	"deadline" timestamp with time zone,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"criteria" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bounty_applicants" (
	"id" text PRIMARY KEY NOT NULL,
	"bounty_id" text NOT NULL,
	"user_id" text NOT NULL,
	"pitch" text NOT NULL,
	"link" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bounty_applications" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"reward" text NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"contact_info" text NOT NULL,
	"resource_link" text,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"criteria" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"admin_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "contributions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"title" text NOT NULL,
	"type" text DEFAULT 'tweet' NOT NULL,
	"contributor" text NOT NULL,
	"link" text,
	"link_key" text,
	"file_url" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"reward_points" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "grants" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text,
	"applicant_id" text NOT NULL,
	"amount" numeric(20, 2) NOT NULL,
	"currency" text NOT NULL,
	"proposal" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"admin_message" text,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "project_applications" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"website" text NOT NULL,
	"x_account" text,
	"telegram" text,
	"github" text NOT NULL,
	"whitepaper" text NOT NULL,
	"team_members" text[] NOT NULL,
	"genre" text NOT NULL,
	"phase" text NOT NULL,
	"goals" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"github_url" text,
	"website" text NOT NULL,
	"x_account" text NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"logo_url" text,
	"banner_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resources" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"category" text NOT NULL,
	"link" text NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "score_buckets" (
	"points" integer PRIMARY KEY NOT NULL,
	"users" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_decisions" ADD CONSTRAINT "admin_decisions_admin_id_user_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bounties" ADD CONSTRAINT "bounties_request_id_bounty_applications_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."bounty_applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bounties" ADD CONSTRAINT "bounties_requester_id_user_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bounty_applicants" ADD CONSTRAINT "bounty_applicants_bounty_id_bounties_id_fk" FOREIGN KEY ("bounty_id") REFERENCES "public"."bounties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bounty_applicants" ADD CONSTRAINT "bounty_applicants_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bounty_applications" ADD CONSTRAINT "bounty_applications_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contributions" ADD CONSTRAINT "contributions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grants" ADD CONSTRAINT "grants_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grants" ADD CONSTRAINT "grants_applicant_id_user_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_applications" ADD CONSTRAINT "project_applications_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_decisions_subject_idx" ON "admin_decisions" USING btree ("subject_type","subject_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bounties_request_key" ON "bounties" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "bounties_deadline_idx" ON "bounties" USING btree ("deadline");--> statement-breakpoint
CREATE UNIQUE INDEX "bounty_applicants_one_per_user" ON "bounty_applicants" USING btree ("bounty_id","user_id");--> statement-breakpoint
CREATE INDEX "bounty_applicants_user_idx" ON "bounty_applicants" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "bounty_applications_user_idx" ON "bounty_applications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "bounty_applications_created_idx" ON "bounty_applications" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "contributions_link_key" ON "contributions" USING btree ("link_key");--> statement-breakpoint
CREATE INDEX "contributions_user_idx" ON "contributions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "contributions_status_idx" ON "contributions" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "grants_applicant_idx" ON "grants" USING btree ("applicant_id","submitted_at");--> statement-breakpoint
CREATE INDEX "grants_status_idx" ON "grants" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "grants_one_pending_per_project" ON "grants" USING btree ("project_id") WHERE "grants"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "project_applications_owner_idx" ON "project_applications" USING btree ("owner_id","submitted_at");--> statement-breakpoint
CREATE INDEX "project_applications_status_idx" ON "project_applications" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "projects_owner_idx" ON "projects" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "projects_status_idx" ON "projects" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "resources_uploaded_idx" ON "resources" USING btree ("uploaded_at");