CREATE TABLE "score_bands" (
	"band" integer PRIMARY KEY NOT NULL,
	"users" integer NOT NULL
);
