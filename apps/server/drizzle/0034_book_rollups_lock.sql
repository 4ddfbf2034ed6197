-- Custom SQL (decision 039): the writers of a site's shared rollups take turns. The triggers of
-- migrations 0014, 0024 and 0032 keep rollups that many transactions write at once (the open book
-- by side for the agent and for the site, the hold and the graded book by day). Each trigger locks
-- its rows in key order, but a transaction that fires two of them (a feed chunk places wagers and
-- grades others in one statement) takes its rows in two passes, and two such transactions could
-- each hold a row of the other's second pass: a deadlock, found by PostgreSQL after a second and
-- paid by retrying the chunk event by event. Now the first trigger of a statement on wagers or
-- wager_legs takes the site's turn (a transaction-level advisory lock, 15016 and the site id; 15015
-- is the site tree's), and holds it to commit, so no two transactions are inside these rollups of
-- one site at once. Everything a writer locks before its turn (its players, its agents' weekly
-- rows) it locks in its own statements, and after its turn it takes only these rollups' rows and
-- the site's audit chain head, which every writer takes after its wagers too.
CREATE FUNCTION "book_rollups_turn"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- Each trigger below names its one transition table "turn_wagers" or "turn_legs".
	IF TG_TABLE_NAME = 'wagers' THEN
		PERFORM pg_advisory_xact_lock(15016, s."site_id")
		FROM (SELECT DISTINCT "site_id" FROM "turn_wagers" ORDER BY 1) s;
	ELSE
		PERFORM pg_advisory_xact_lock(15016, s."site_id")
		FROM (SELECT DISTINCT e."site_id" FROM "turn_legs" l JOIN "events" e ON e."id" = l."event_id"
			ORDER BY 1) s;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
-- Named to fire before the rollups' triggers of the same table and event (PostgreSQL fires them in
-- name order): "wagers_book_turn_*" before "wagers_graded_daily_*", "wagers_hold_daily_*" and
-- "wagers_open_exposure_*"; "wager_legs_book_turn_*" before "wager_legs_hold_daily_*" and
-- "wager_legs_open_exposure_*". The activity log's trigger fires before it: it only appends.
CREATE TRIGGER "wagers_book_turn_insert" AFTER INSERT ON "wagers"
REFERENCING NEW TABLE AS "turn_wagers" FOR EACH STATEMENT EXECUTE FUNCTION "book_rollups_turn"();
--> statement-breakpoint
CREATE TRIGGER "wagers_book_turn_update" AFTER UPDATE ON "wagers"
REFERENCING NEW TABLE AS "turn_wagers" FOR EACH STATEMENT EXECUTE FUNCTION "book_rollups_turn"();
--> statement-breakpoint
CREATE TRIGGER "wagers_book_turn_delete" AFTER DELETE ON "wagers"
REFERENCING OLD TABLE AS "turn_wagers" FOR EACH STATEMENT EXECUTE FUNCTION "book_rollups_turn"();
--> statement-breakpoint
CREATE TRIGGER "wager_legs_book_turn_insert" AFTER INSERT ON "wager_legs"
REFERENCING NEW TABLE AS "turn_legs" FOR EACH STATEMENT EXECUTE FUNCTION "book_rollups_turn"();
--> statement-breakpoint
CREATE TRIGGER "wager_legs_book_turn_delete" AFTER DELETE ON "wager_legs"
REFERENCING OLD TABLE AS "turn_legs" FOR EACH STATEMENT EXECUTE FUNCTION "book_rollups_turn"();
