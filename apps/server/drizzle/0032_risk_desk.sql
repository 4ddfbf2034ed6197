CREATE TABLE "alert_settings" (
	"agent_id" integer PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"wager_risk" bigint,
	"day_result" bigint,
	"side_exposure" bigint,
	"watched_wagers" boolean DEFAULT false NOT NULL,
	"sharp_wagers" boolean DEFAULT false NOT NULL,
	"email" text,
	"webhook_url" text,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"kind" text NOT NULL,
	"cause" text NOT NULL,
	"player_id" integer,
	"wager_id" bigint,
	"event_id" integer,
	"figure" bigint NOT NULL,
	"threshold" bigint,
	"details" jsonb NOT NULL,
	"notification_id" integer,
	"webhook_status" text DEFAULT 'none' NOT NULL,
	"webhook_attempts" integer DEFAULT 0 NOT NULL,
	"webhook_error" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "open_exposure" (
	"site_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"market" text NOT NULL,
	"prop" text NOT NULL,
	"side" text NOT NULL,
	"agent_id" integer NOT NULL,
	"currency" text NOT NULL,
	"multi" boolean NOT NULL,
	"wagers" integer DEFAULT 0 NOT NULL,
	"risk" bigint DEFAULT 0 NOT NULL,
	"to_win" bigint DEFAULT 0 NOT NULL,
	"free_play_risk" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "open_exposure_event_id_market_prop_side_agent_id_currency_multi_pk" PRIMARY KEY("event_id","market","prop","side","agent_id","currency","multi")
);
--> statement-breakpoint
CREATE TABLE "open_exposure_site" (
	"site_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"market" text NOT NULL,
	"prop" text NOT NULL,
	"side" text NOT NULL,
	"currency" text NOT NULL,
	"multi" boolean NOT NULL,
	"wagers" integer DEFAULT 0 NOT NULL,
	"risk" bigint DEFAULT 0 NOT NULL,
	"to_win" bigint DEFAULT 0 NOT NULL,
	"free_play_risk" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "open_exposure_site_site_id_event_id_market_prop_side_currency_multi_pk" PRIMARY KEY("site_id","event_id","market","prop","side","currency","multi")
);
--> statement-breakpoint
CREATE TABLE "player_clv" (
	"player_id" integer PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"score" numeric(8, 2),
	"legs" integer DEFAULT 0 NOT NULL,
	"wagers" integer DEFAULT 0 NOT NULL,
	"refreshed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_cursor" (
	"id" smallint PRIMARY KEY NOT NULL,
	"last_id" bigint NOT NULL,
	"ran_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wager_activity" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"player_id" integer NOT NULL,
	"wager_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"logged_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wager_hold_daily" (
	"agent_id" integer NOT NULL,
	"day" date NOT NULL,
	"currency" text NOT NULL,
	"sport" text NOT NULL,
	"league" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"risk" bigint DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "wager_hold_daily_agent_id_day_currency_sport_league_pk" PRIMARY KEY("agent_id","day","currency","sport","league")
);
--> statement-breakpoint
ALTER TABLE "alert_settings" ADD CONSTRAINT "alert_settings_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_clv" ADD CONSTRAINT "player_clv_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_agent_cause" ON "alerts" USING btree ("agent_id","cause");--> statement-breakpoint
CREATE INDEX "alerts_agent_created" ON "alerts" USING btree ("agent_id","created_at");--> statement-breakpoint
CREATE INDEX "open_exposure_agent" ON "open_exposure" USING btree ("agent_id","event_id");--> statement-breakpoint
CREATE INDEX "wager_activity_site" ON "wager_activity" USING btree ("site_id","id");--> statement-breakpoint
CREATE INDEX "wager_activity_agent" ON "wager_activity" USING btree ("agent_id","id");--> statement-breakpoint
CREATE INDEX "wager_activity_logged" ON "wager_activity" USING btree ("logged_at");--> statement-breakpoint
-- Which side of its game's market a leg is on (decision 034): over or under for totals and
-- over/under props, yes or no for yes/no props, home, away or draw for spreads and money lines by
-- the team its selection names (the longer name first, so "New York" never takes "New York Jets"
-- bets), else the selection itself (a future's pick, a one-sided prop).
CREATE FUNCTION "position_side"("market" text, "selection" text, "home" text, "away" text)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT CASE
		WHEN "market" IN ('total', 'prop') AND "selection" ~* '\mover\M' THEN 'over'
		WHEN "market" IN ('total', 'prop') AND "selection" ~* '\munder\M' THEN 'under'
		WHEN "market" = 'prop' AND "selection" ~* '\myes\M' THEN 'yes'
		WHEN "market" = 'prop' AND "selection" ~* '\mno\M' THEN 'no'
		WHEN "market" IN ('spread', 'moneyline') AND starts_with(lower("selection"), lower("home"))
			AND (NOT starts_with(lower("selection"), lower("away")) OR length("home") >= length("away"))
			THEN 'home'
		WHEN "market" IN ('spread', 'moneyline') AND starts_with(lower("selection"), lower("away"))
			THEN 'away'
		WHEN "market" IN ('spread', 'moneyline') AND "selection" ~* '^\s*(draw|tie)\M' THEN 'draw'
		ELSE btrim("selection")
	END
$$;
--> statement-breakpoint
-- The proposition a prop's sides share: its selection without the side and line at its end
-- ("Smith passing yards over 245.5" and "... under 250" are one prop); '' for every other market.
CREATE FUNCTION "position_prop"("market" text, "selection" text)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT CASE WHEN "market" = 'prop' THEN btrim(regexp_replace("selection",
		'\s+(over|under|yes|no)(\s+[-+]?[0-9]+(\.[0-9]+)?)?\s*$', '', 'i')) ELSE '' END
$$;
--> statement-breakpoint
-- One leg's closing-line value in cents of price (beat the line's figure, DOMAIN.md): the price
-- beaten on one continuous scale (+150 → 50, -110 → -10) plus the points of a spread or total
-- beaten at their worth. Null when a line it needs did not close.
CREATE FUNCTION "leg_clv_cents"("market" text, "selection" text, "line_taken" numeric,
	"closing_line" numeric, "odds_taken" integer, "closing_odds" integer, "cents_per_point" integer)
RETURNS float8 LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT ((CASE WHEN "odds_taken" >= 100 THEN "odds_taken" - 100 ELSE "odds_taken" + 100 END)
		- (CASE WHEN "closing_odds" >= 100 THEN "closing_odds" - 100 ELSE "closing_odds" + 100 END)
		+ "cents_per_point" * CASE "market"
			WHEN 'spread' THEN "line_taken" - "closing_line"
			WHEN 'total' THEN CASE WHEN position_side('total', "selection", '', '') = 'over'
				THEN "closing_line" - "line_taken" ELSE "line_taken" - "closing_line" END
			ELSE 0 END)::float8
$$;
--> statement-breakpoint
-- A player's CLV score over its latest `last_legs` graded legs with a closing price (spread, total
-- and money line), newest grade first: the risk worker's refresh, and the backfill below.
CREATE FUNCTION "player_clv_refresh"("ids" integer[], "last_legs" integer, "cents_per_point" integer,
	"at" timestamptz)
RETURNS void LANGUAGE sql AS $$
	INSERT INTO "player_clv" AS c ("player_id", "site_id", "score", "legs", "wagers", "refreshed_at")
	SELECT p."id", p."site_id", round(avg(x."clv")::numeric, 2), count(x."wager_id")::int,
		count(DISTINCT x."wager_id")::int, "at"
	FROM "players" p
	LEFT JOIN LATERAL (
		SELECT w."id" AS "wager_id", leg_clv_cents(l."market", l."selection", l."line_taken",
			l."closing_line", l."odds_taken", l."closing_odds", "cents_per_point") AS "clv"
		FROM "wagers" w
		JOIN "wager_legs" l ON l."wager_id" = w."id" AND l."closing_odds" IS NOT NULL
			AND l."market" IN ('spread', 'total', 'moneyline')
		WHERE w."player_id" = p."id" AND w."status" = 'graded'
		ORDER BY w."graded_at" DESC, w."id" DESC, l."id"
		LIMIT "last_legs"
	) x ON true
	WHERE p."id" = ANY("ids")
	GROUP BY p."id", p."site_id"
	ORDER BY p."id"
	ON CONFLICT ("player_id") DO UPDATE SET "score" = excluded."score", "legs" = excluded."legs",
		"wagers" = excluded."wagers", "refreshed_at" = excluded."refreshed_at"
$$;
--> statement-breakpoint
-- The open book by side, from the legs of open wagers: a leg inserted for an open wager adds its
-- wager's risk and to-win to its side, a leg removed takes them away. Rows in key order, so two
-- statements adding to the same sides lock them in the same order (migration 0024's lesson).
CREATE FUNCTION "open_exposure_legs"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- One statement for either transition table: the inserted legs add, the deleted ones take away.
	EXECUTE format($q$
	INSERT INTO "open_exposure" AS x ("site_id", "event_id", "market", "prop", "side", "agent_id",
		"currency", "multi", "wagers", "risk", "to_win", "free_play_risk")
	SELECT w."site_id", l."event_id", l."market", position_prop(l."market", l."selection"),
		position_side(l."market", l."selection", e."home", e."away"), w."agent_id", w."currency",
		w."wager_type" IN ('parlay', 'teaser', 'ifbet', 'reverse', 'roundrobin'),
		sum($1), sum($1 * w."risk"), sum($1 * w."to_win"),
		sum($1 * CASE WHEN w."free_play" THEN w."risk" ELSE 0 END)
	FROM %I l
	JOIN "wagers" w ON w."id" = l."wager_id" AND w."status" = 'open'
	JOIN "events" e ON e."id" = l."event_id"
	GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
	ORDER BY 2, 3, 4, 5, 6, 7, 8
	ON CONFLICT ("event_id", "market", "prop", "side", "agent_id", "currency", "multi") DO UPDATE SET
		"wagers" = x."wagers" + excluded."wagers", "risk" = x."risk" + excluded."risk",
		"to_win" = x."to_win" + excluded."to_win",
		"free_play_risk" = x."free_play_risk" + excluded."free_play_risk"
	$q$, CASE TG_OP WHEN 'INSERT' THEN 'new_legs' ELSE 'old_legs' END)
	USING CASE TG_OP WHEN 'INSERT' THEN 1 ELSE -1 END;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "wager_legs_open_exposure_insert" AFTER INSERT ON "wager_legs"
REFERENCING NEW TABLE AS "new_legs" FOR EACH STATEMENT EXECUTE FUNCTION "open_exposure_legs"();
--> statement-breakpoint
CREATE TRIGGER "wager_legs_open_exposure_delete" AFTER DELETE ON "wager_legs"
REFERENCING OLD TABLE AS "old_legs" FOR EACH STATEMENT EXECUTE FUNCTION "open_exposure_legs"();
--> statement-breakpoint
-- A wager leaving the open book (graded, voided) takes its legs' figures away from their sides; a
-- wager coming back to it, or open and moved to another agent with its player, moves them.
CREATE FUNCTION "open_exposure_wagers"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
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
		"free_play_risk" = x."free_play_risk" + excluded."free_play_risk";
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "wagers_open_exposure_update" AFTER UPDATE ON "wagers"
REFERENCING OLD TABLE AS "old_wagers" NEW TABLE AS "new_wagers"
FOR EACH STATEMENT EXECUTE FUNCTION "open_exposure_wagers"();
--> statement-breakpoint
-- The site's whole open book follows the agents' rows: each statement's change to them, summed per
-- site key (an upsert's inserted rows, and its updated rows' new less old figures).
CREATE FUNCTION "open_exposure_site_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	EXECUTE format($q$
	INSERT INTO "open_exposure_site" AS s ("site_id", "event_id", "market", "prop", "side",
		"currency", "multi", "wagers", "risk", "to_win", "free_play_risk")
	SELECT "site_id", "event_id", "market", "prop", "side", "currency", "multi", sum("wagers"),
		sum("risk"), sum("to_win"), sum("free_play_risk")
	FROM (
		SELECT "site_id", "event_id", "market", "prop", "side", "currency", "multi", "wagers", "risk",
			"to_win", "free_play_risk" FROM "new_rows"
		UNION ALL
		SELECT "site_id", "event_id", "market", "prop", "side", "currency", "multi", -"wagers", -"risk",
			-"to_win", -"free_play_risk" FROM %s
	) d
	GROUP BY 1, 2, 3, 4, 5, 6, 7
	HAVING sum("wagers") <> 0 OR sum("risk") <> 0 OR sum("to_win") <> 0 OR sum("free_play_risk") <> 0
	ORDER BY 1, 2, 3, 4, 5, 6, 7
	ON CONFLICT ("site_id", "event_id", "market", "prop", "side", "currency", "multi") DO UPDATE SET
		"wagers" = s."wagers" + excluded."wagers", "risk" = s."risk" + excluded."risk",
		"to_win" = s."to_win" + excluded."to_win",
		"free_play_risk" = s."free_play_risk" + excluded."free_play_risk"
	$q$, CASE TG_OP WHEN 'UPDATE' THEN '"old_rows"' ELSE '(SELECT * FROM "new_rows" WHERE false) o' END);
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "open_exposure_site_insert" AFTER INSERT ON "open_exposure"
REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "open_exposure_site_follow"();
--> statement-breakpoint
CREATE TRIGGER "open_exposure_site_update" AFTER UPDATE ON "open_exposure"
REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "open_exposure_site_follow"();
--> statement-breakpoint
-- The hold report's rollup: a wager counts while graded (a voided one nowhere), under its agent,
-- graded day, currency, sport and its first leg's league. A wager's grade, regrade, void or move
-- takes its old figures out and puts its new ones in; a wager written graded before its legs (the
-- seeder's) counts when its first leg arrives.
CREATE FUNCTION "wager_hold_daily_wagers"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
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
		"amount" = d."amount" + excluded."amount";
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "wagers_hold_daily_update" AFTER UPDATE ON "wagers"
REFERENCING OLD TABLE AS "old_wagers" NEW TABLE AS "new_wagers"
FOR EACH STATEMENT EXECUTE FUNCTION "wager_hold_daily_wagers"();
--> statement-breakpoint
CREATE FUNCTION "wager_hold_daily_legs"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "wager_hold_daily" AS d ("agent_id", "day", "currency", "sport", "league", "count",
		"risk", "amount")
	SELECT w."agent_id", w."graded_day", w."currency", w."sport", e."league", count(*),
		sum(w."risk"), sum(w."amount")
	FROM (SELECT DISTINCT ON ("wager_id") "wager_id", "id", "event_id" FROM "new_legs"
		ORDER BY "wager_id", "id") l
	JOIN "wagers" w ON w."id" = l."wager_id" AND w."status" = 'graded' AND w."graded_day" IS NOT NULL
	JOIN "events" e ON e."id" = l."event_id"
	WHERE NOT EXISTS (SELECT 1 FROM "wager_legs" p WHERE p."wager_id" = l."wager_id" AND p."id" < l."id")
	GROUP BY 1, 2, 3, 4, 5
	ORDER BY 1, 2, 3, 4, 5
	ON CONFLICT ("agent_id", "day", "currency", "sport", "league") DO UPDATE SET
		"count" = d."count" + excluded."count", "risk" = d."risk" + excluded."risk",
		"amount" = d."amount" + excluded."amount";
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "wager_legs_hold_daily_insert" AFTER INSERT ON "wager_legs"
REFERENCING NEW TABLE AS "new_legs" FOR EACH STATEMENT EXECUTE FUNCTION "wager_hold_daily_legs"();
--> statement-breakpoint
-- The live log: each wager placed, graded, regraded or voided, for the ticker and the risk worker.
-- A bulk writer of history (the demo seeder) sets backline.live_log to off for its transaction:
-- history written at once is not news.
CREATE FUNCTION "wager_activity_log"() RETURNS trigger LANGUAGE plpgsql AS $$
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
		ORDER BY n."id";
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "wagers_activity_insert" AFTER INSERT ON "wagers"
REFERENCING NEW TABLE AS "new_wagers" FOR EACH STATEMENT EXECUTE FUNCTION "wager_activity_log"();
--> statement-breakpoint
CREATE TRIGGER "wagers_activity_update" AFTER UPDATE ON "wagers"
REFERENCING OLD TABLE AS "old_wagers" NEW TABLE AS "new_wagers"
FOR EACH STATEMENT EXECUTE FUNCTION "wager_activity_log"();
--> statement-breakpoint
-- Backfills: the open book, the graded book by sport and league, and every player's CLV score
-- (over the latest 100 legs at 20 cents a point, SCORING's and CENTS_PER_POINT's values now).
INSERT INTO "open_exposure" ("site_id", "event_id", "market", "prop", "side", "agent_id",
	"currency", "multi", "wagers", "risk", "to_win", "free_play_risk")
SELECT w."site_id", l."event_id", l."market", position_prop(l."market", l."selection"),
	position_side(l."market", l."selection", e."home", e."away"), w."agent_id", w."currency",
	w."wager_type" IN ('parlay', 'teaser', 'ifbet', 'reverse', 'roundrobin'),
	count(*), sum(w."risk"), sum(w."to_win"), sum(CASE WHEN w."free_play" THEN w."risk" ELSE 0 END)
FROM "wagers" w
JOIN "wager_legs" l ON l."wager_id" = w."id"
JOIN "events" e ON e."id" = l."event_id"
WHERE w."status" = 'open'
GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
--> statement-breakpoint
INSERT INTO "wager_hold_daily" ("agent_id", "day", "currency", "sport", "league", "count", "risk",
	"amount")
SELECT w."agent_id", w."graded_day", w."currency", w."sport", f."league", count(*), sum(w."risk"),
	sum(w."amount")
FROM "wagers" w
JOIN LATERAL (
	SELECT e."league" FROM "wager_legs" l JOIN "events" e ON e."id" = l."event_id"
	WHERE l."wager_id" = w."id" ORDER BY l."id" LIMIT 1
) f ON true
WHERE w."status" = 'graded' AND w."graded_day" IS NOT NULL
GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
SELECT player_clv_refresh(array(SELECT "id" FROM "players"), 100, 20, now());
--> statement-breakpoint
ANALYZE "open_exposure";
--> statement-breakpoint
ANALYZE "open_exposure_site";
--> statement-breakpoint
ANALYZE "wager_hold_daily";
--> statement-breakpoint
ANALYZE "player_clv";
