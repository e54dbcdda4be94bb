CREATE TABLE "admin_digests" (
	"day" text PRIMARY KEY NOT NULL,
	"overdue" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
