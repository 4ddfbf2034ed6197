ALTER TABLE "players" ADD COLUMN "last_week" date;--> statement-breakpoint
UPDATE "players" p SET "last_week" = w."last"
FROM (SELECT "player_id", max("week_start") AS "last" FROM "player_weekly" GROUP BY "player_id") w
WHERE w."player_id" = p."id";
--> statement-breakpoint
CREATE FUNCTION "player_last_week"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- One statement for every row inserted: the seeder's bulk inserts cost one update per player.
	UPDATE "players" p SET "last_week" = n."last"
	FROM (SELECT "player_id", max("week_start") AS "last" FROM "new_weeks" GROUP BY "player_id") n
	WHERE p."id" = n."player_id" AND (p."last_week" IS NULL OR p."last_week" < n."last");
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "player_weekly_last_week" AFTER INSERT ON "player_weekly"
REFERENCING NEW TABLE AS "new_weeks"
FOR EACH STATEMENT EXECUTE FUNCTION "player_last_week"();
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "players_inactive_agent_week" ON "players" USING btree ("agent_id","site_id","currency","last_week","balance","id") WHERE not "players"."active";--> statement-breakpoint
DROP INDEX IF EXISTS "players_inactive_agent";
