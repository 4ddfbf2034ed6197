CREATE TABLE "player_active_weeks" (
	"player_id" integer NOT NULL,
	"week_start" date NOT NULL,
	"agent_id" integer NOT NULL,
	CONSTRAINT "player_active_weeks_player_id_week_start_pk" PRIMARY KEY("player_id","week_start")
);
--> statement-breakpoint
CREATE INDEX "player_active_weeks_week" ON "player_active_weeks" USING btree ("week_start","agent_id");--> statement-breakpoint
-- A player's week of play: the Monday of each new wager's placing in its site's zone, once per
-- player and week, for the master sheet's per-head fees (decision 033). One statement for all the
-- rows a statement inserted (the feed's chunks, the seeder's bulk inserts).
CREATE FUNCTION "player_active_weeks_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "player_active_weeks" ("player_id", "week_start", "agent_id")
	SELECT DISTINCT ON (n."player_id", w."week_start") n."player_id", w."week_start", n."agent_id"
	FROM "new_wagers" n
	JOIN "sites" s ON s."id" = n."site_id"
	CROSS JOIN LATERAL (
		SELECT date_trunc('week', n."placed_at" AT TIME ZONE s."time_zone")::date AS "week_start"
	) w
	ORDER BY n."player_id", w."week_start", n."placed_at", n."id"
	ON CONFLICT DO NOTHING;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "wagers_player_active_weeks" AFTER INSERT ON "wagers"
REFERENCING NEW TABLE AS "new_wagers"
FOR EACH STATEMENT EXECUTE FUNCTION "player_active_weeks_add"();
--> statement-breakpoint
INSERT INTO "player_active_weeks" ("player_id", "week_start", "agent_id")
SELECT DISTINCT ON (w."player_id", k."week_start") w."player_id", k."week_start", w."agent_id"
FROM "wagers" w
JOIN "sites" s ON s."id" = w."site_id"
CROSS JOIN LATERAL (
	SELECT date_trunc('week', w."placed_at" AT TIME ZONE s."time_zone")::date AS "week_start"
) k
ORDER BY w."player_id", k."week_start", w."placed_at", w."id"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
ANALYZE "player_active_weeks";
