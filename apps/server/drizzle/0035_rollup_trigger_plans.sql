-- Custom SQL (decision 039): the rollups' triggers that pair a statement's old and new rows of
-- wagers plan that join when they run, as open_exposure_legs and open_exposure_site_follow already
-- do. A static statement of PL/pgSQL without parameters is planned once per connection and kept;
-- its transition tables are estimated at the size they had then, so a connection whose first
-- grade was a single event kept a nested loop over old and new rows, and a feed chunk grading a
-- thousand wagers later compared a million pairs in each of these three triggers (about 100 ms
-- each). Planned at each run, they take a hash join at any size; planning costs well under a
-- millisecond. Each body is migration 0032's, its statement now run by EXECUTE.
CREATE OR REPLACE FUNCTION "open_exposure_wagers"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	EXECUTE $q$
	INSERT INTO "open_exposure" AS x ("site_id", "event_id", "market", "prop", "side", "agent_id",
		"currency", "multi", "wagers", "risk", "to_win", "free_play_risk")
	SELECT c."site_id", l."event_id", l."market", position_prop(l."market", l."selection"),
		position_side(l."market", l."selection", e."home", e."away"), c."agent_id", c."currency",
		c."wager_type" IN ('parlay', 'teaser', 'ifbet', 'reverse', 'roundrobin'),
		sum(c."sign"), sum(c."sign" * c."risk"), sum(c."sign" * c."to_win"),
		sum(c."sign" * CASE WHEN c."free_play" THEN c."risk" ELSE 0 END)
	FROM (
		SELECT o."id", o."site_id", o."agent_id", o."currency", o."wager_type", o."risk", o."to_win",
			o."free_play", -1 AS "sign"
		FROM "old_wagers" o JOIN "new_wagers" n ON n."id" = o."id"
		WHERE o."status" = 'open' AND (n."status" <> 'open' OR n."agent_id" <> o."agent_id")
		UNION ALL
		SELECT n."id", n."site_id", n."agent_id", n."currency", n."wager_type", n."risk", n."to_win",
			n."free_play", 1
		FROM "old_wagers" o JOIN "new_wagers" n ON n."id" = o."id"
		WHERE n."status" = 'open' AND (o."status" <> 'open' OR n."agent_id" <> o."agent_id")
	) c
	JOIN "wager_legs" l ON l."wager_id" = c."id"
	JOIN "events" e ON e."id" = l."event_id"
	GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
	HAVING sum(c."sign") <> 0
	ORDER BY 2, 3, 4, 5, 6, 7, 8
	ON CONFLICT ("event_id", "market", "prop", "side", "agent_id", "currency", "multi") DO UPDATE SET
		"wagers" = x."wagers" + excluded."wagers", "risk" = x."risk" + excluded."risk",
		"to_win" = x."to_win" + excluded."to_win",
		"free_play_risk" = x."free_play_risk" + excluded."free_play_risk"
	$q$;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "wager_hold_daily_wagers"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	EXECUTE $q$
	INSERT INTO "wager_hold_daily" AS d ("agent_id", "day", "currency", "sport", "league", "count",
		"risk", "amount")
	SELECT c."agent_id", c."graded_day", c."currency", c."sport", f."league", sum(c."sign"),
		sum(c."sign" * c."risk"), sum(c."sign" * c."amount")
	FROM (
		SELECT o."id", o."agent_id", o."graded_day", o."currency", o."sport", o."risk", o."amount",
			-1 AS "sign"
		FROM "old_wagers" o JOIN "new_wagers" n ON n."id" = o."id"
		WHERE o."status" = 'graded' AND o."graded_day" IS NOT NULL
			AND (n."status", n."graded_day", n."amount", n."risk", n."agent_id")
				IS DISTINCT FROM (o."status", o."graded_day", o."amount", o."risk", o."agent_id")
		UNION ALL
		SELECT n."id", n."agent_id", n."graded_day", n."currency", n."sport", n."risk", n."amount", 1
		FROM "old_wagers" o JOIN "new_wagers" n ON n."id" = o."id"
		WHERE n."status" = 'graded' AND n."graded_day" IS NOT NULL
			AND (n."status", n."graded_day", n."amount", n."risk", n."agent_id")
				IS DISTINCT FROM (o."status", o."graded_day", o."amount", o."risk", o."agent_id")
	) c
	JOIN LATERAL (
		SELECT e."league" FROM "wager_legs" l JOIN "events" e ON e."id" = l."event_id"
		WHERE l."wager_id" = c."id" ORDER BY l."id" LIMIT 1
	) f ON true
	GROUP BY 1, 2, 3, 4, 5
	HAVING sum(c."sign") <> 0 OR sum(c."sign" * c."risk") <> 0 OR sum(c."sign" * c."amount") <> 0
	ORDER BY 1, 2, 3, 4, 5
	ON CONFLICT ("agent_id", "day", "currency", "sport", "league") DO UPDATE SET
		"count" = d."count" + excluded."count", "risk" = d."risk" + excluded."risk",
		"amount" = d."amount" + excluded."amount"
	$q$;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "wager_activity_log"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF current_setting('backline.live_log', true) = 'off' THEN
		RETURN NULL;
	END IF;
	IF TG_OP = 'INSERT' THEN
		-- The feed writes a wager as it stands at its chunk's end: placed and graded (or voided) in
		-- one chunk, it arrives graded, and is both placed and graded here.
		INSERT INTO "wager_activity" ("site_id", "agent_id", "player_id", "wager_id", "kind", "at")
		SELECT n."site_id", n."agent_id", n."player_id", n."id", k."kind", k."at" FROM "new_wagers" n
		CROSS JOIN LATERAL (VALUES (0, 'placed', n."placed_at"),
			(1, CASE n."status" WHEN 'graded' THEN 'graded' WHEN 'deleted' THEN 'voided' END,
				CASE n."status" WHEN 'graded' THEN coalesce(n."graded_at", n."placed_at")
					ELSE coalesce(n."deleted_at", n."placed_at") END)) k("step", "kind", "at")
		WHERE k."kind" IS NOT NULL
		ORDER BY n."id", k."step";
	ELSE
		EXECUTE $q$
		INSERT INTO "wager_activity" ("site_id", "agent_id", "player_id", "wager_id", "kind", "at")
		SELECT n."site_id", n."agent_id", n."player_id", n."id", k."kind",
			CASE WHEN k."kind" = 'voided' THEN coalesce(n."deleted_at", now())
				ELSE coalesce(n."graded_at", now()) END
		FROM "old_wagers" o JOIN "new_wagers" n ON n."id" = o."id"
		CROSS JOIN LATERAL (SELECT CASE
			WHEN n."status" = 'deleted' AND o."status" <> 'deleted' THEN 'voided'
			WHEN o."status" = 'open' AND n."status" = 'graded' THEN 'graded'
			WHEN o."status" = 'graded' AND n."status" = 'graded'
				AND (o."result", o."amount") IS DISTINCT FROM (n."result", n."amount") THEN 'regraded'
		END AS "kind") k
		WHERE k."kind" IS NOT NULL
		ORDER BY n."id"
		$q$;
	END IF;
	RETURN NULL;
END $$;
