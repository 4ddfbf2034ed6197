CREATE TABLE "agent_weekly" (
	"site_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"week_start" date NOT NULL,
	"currency" text NOT NULL,
	"sports" bigint DEFAULT 0 NOT NULL,
	"casino" bigint DEFAULT 0 NOT NULL,
	"horses" bigint DEFAULT 0 NOT NULL,
	"rbl" bigint DEFAULT 0 NOT NULL,
	"payments" bigint DEFAULT 0 NOT NULL,
	"receipts" bigint DEFAULT 0 NOT NULL,
	"disbursements" bigint DEFAULT 0 NOT NULL,
	"adjustments" bigint DEFAULT 0 NOT NULL,
	"free_play" bigint DEFAULT 0 NOT NULL,
	"entries" integer DEFAULT 0 NOT NULL,
	"day0" bigint DEFAULT 0 NOT NULL,
	"day1" bigint DEFAULT 0 NOT NULL,
	"day2" bigint DEFAULT 0 NOT NULL,
	"day3" bigint DEFAULT 0 NOT NULL,
	"day4" bigint DEFAULT 0 NOT NULL,
	"day5" bigint DEFAULT 0 NOT NULL,
	"day6" bigint DEFAULT 0 NOT NULL,
	"net" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "agent_weekly_agent_id_week_start_currency_pk" PRIMARY KEY("agent_id","week_start","currency")
);
--> statement-breakpoint
ALTER TABLE "player_weekly" ADD COLUMN "day0" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "player_weekly" ADD COLUMN "day1" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "player_weekly" ADD COLUMN "day2" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "player_weekly" ADD COLUMN "day3" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "player_weekly" ADD COLUMN "day4" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "player_weekly" ADD COLUMN "day5" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "player_weekly" ADD COLUMN "day6" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Backfill: each week's days from the daily rollup, then the agents' weeks from their players' weeks.
UPDATE "player_weekly" w SET
	"day0" = s.d0, "day1" = s.d1, "day2" = s.d2, "day3" = s.d3, "day4" = s.d4, "day5" = s.d5, "day6" = s.d6
FROM (
	SELECT "player_id", "day" - (extract(isodow FROM "day")::int - 1) AS "week_start",
		coalesce(sum("sports" + "casino" + "horses" + "rbl") FILTER (WHERE extract(isodow FROM "day") = 1), 0) AS d0,
		coalesce(sum("sports" + "casino" + "horses" + "rbl") FILTER (WHERE extract(isodow FROM "day") = 2), 0) AS d1,
		coalesce(sum("sports" + "casino" + "horses" + "rbl") FILTER (WHERE extract(isodow FROM "day") = 3), 0) AS d2,
		coalesce(sum("sports" + "casino" + "horses" + "rbl") FILTER (WHERE extract(isodow FROM "day") = 4), 0) AS d3,
		coalesce(sum("sports" + "casino" + "horses" + "rbl") FILTER (WHERE extract(isodow FROM "day") = 5), 0) AS d4,
		coalesce(sum("sports" + "casino" + "horses" + "rbl") FILTER (WHERE extract(isodow FROM "day") = 6), 0) AS d5,
		coalesce(sum("sports" + "casino" + "horses" + "rbl") FILTER (WHERE extract(isodow FROM "day") = 7), 0) AS d6
	FROM "player_daily" GROUP BY 1, 2
) s
WHERE w."player_id" = s."player_id" AND w."week_start" = s."week_start";
--> statement-breakpoint
INSERT INTO "agent_weekly" ("site_id", "agent_id", "week_start", "currency", "sports", "casino",
	"horses", "rbl", "payments", "receipts", "disbursements", "adjustments", "free_play", "entries",
	"day0", "day1", "day2", "day3", "day4", "day5", "day6", "net")
SELECT w."site_id", w."agent_id", w."week_start", p."currency", sum(w."sports"), sum(w."casino"),
	sum(w."horses"), sum(w."rbl"), sum(w."payments"), sum(w."receipts"), sum(w."disbursements"),
	sum(w."adjustments"), sum(w."free_play"), sum(w."entries"), sum(w."day0"), sum(w."day1"),
	sum(w."day2"), sum(w."day3"), sum(w."day4"), sum(w."day5"), sum(w."day6"),
	sum(w."ending" - w."carry")
FROM "player_weekly" w JOIN "players" p ON p."id" = w."player_id"
GROUP BY w."site_id", w."agent_id", w."week_start", p."currency";
