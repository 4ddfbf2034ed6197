-- The graded-daily upsert of migration 0014 takes its rows in key order: two transactions grading
-- wagers of the same agents at once (the feed's chunks) locked the rows in hash order and
-- deadlocked now and then (each a second's wait before PostgreSQL broke it).
CREATE OR REPLACE FUNCTION "wager_graded_daily_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- One statement for all the rows a statement changed: the seeder's bulk inserts cost one
	-- upsert per agent, day and currency, a grade one. A changed row leaves with its old figures
	-- and comes back with its new ones; a row without a grade in force counts nowhere. Rows are
	-- taken in key order, so two statements adding to the same days lock them in the same order
	-- (the feed grades two chunks at once: in hash order they deadlocked).
	IF TG_OP = 'INSERT' THEN
	INSERT INTO "wager_graded_daily" AS d ("agent_id", "day", "currency", "count", "risk", "to_win", "amount")
	SELECT "agent_id", "day", "currency", sum("n"), sum("risk"), sum("to_win"), sum("amount")
	FROM (
		SELECT "agent_id", "graded_day" AS "day", "currency", 1 AS "n", "risk", "to_win", "amount"
		FROM "new_wagers" WHERE "graded_day" IS NOT NULL AND "graded_at" IS NOT NULL
	) x
	GROUP BY "agent_id", "day", "currency"
	HAVING sum("n") <> 0 OR sum("risk") <> 0 OR sum("to_win") <> 0 OR sum("amount") <> 0
	ORDER BY "agent_id", "day", "currency"
	ON CONFLICT ("agent_id", "day", "currency") DO UPDATE SET
		"count" = d."count" + excluded."count", "risk" = d."risk" + excluded."risk",
		"to_win" = d."to_win" + excluded."to_win", "amount" = d."amount" + excluded."amount";
	ELSIF TG_OP = 'DELETE' THEN
	INSERT INTO "wager_graded_daily" AS d ("agent_id", "day", "currency", "count", "risk", "to_win", "amount")
	SELECT "agent_id", "day", "currency", sum("n"), sum("risk"), sum("to_win"), sum("amount")
	FROM (
		SELECT "agent_id", "graded_day" AS "day", "currency", -1 AS "n", -"risk" AS "risk",
			-"to_win" AS "to_win", -"amount" AS "amount"
		FROM "old_wagers" WHERE "graded_day" IS NOT NULL AND "graded_at" IS NOT NULL
	) x
	GROUP BY "agent_id", "day", "currency"
	HAVING sum("n") <> 0 OR sum("risk") <> 0 OR sum("to_win") <> 0 OR sum("amount") <> 0
	ORDER BY "agent_id", "day", "currency"
	ON CONFLICT ("agent_id", "day", "currency") DO UPDATE SET
		"count" = d."count" + excluded."count", "risk" = d."risk" + excluded."risk",
		"to_win" = d."to_win" + excluded."to_win", "amount" = d."amount" + excluded."amount";
	ELSE
	INSERT INTO "wager_graded_daily" AS d ("agent_id", "day", "currency", "count", "risk", "to_win", "amount")
	SELECT "agent_id", "day", "currency", sum("n"), sum("risk"), sum("to_win"), sum("amount")
	FROM (
		SELECT "agent_id", "graded_day" AS "day", "currency", -1 AS "n", -"risk" AS "risk",
			-"to_win" AS "to_win", -"amount" AS "amount"
		FROM "old_wagers" WHERE "graded_day" IS NOT NULL AND "graded_at" IS NOT NULL
		UNION ALL
		SELECT "agent_id", "graded_day" AS "day", "currency", 1 AS "n", "risk", "to_win", "amount"
		FROM "new_wagers" WHERE "graded_day" IS NOT NULL AND "graded_at" IS NOT NULL
	) x
	GROUP BY "agent_id", "day", "currency"
	HAVING sum("n") <> 0 OR sum("risk") <> 0 OR sum("to_win") <> 0 OR sum("amount") <> 0
	ORDER BY "agent_id", "day", "currency"
	ON CONFLICT ("agent_id", "day", "currency") DO UPDATE SET
		"count" = d."count" + excluded."count", "risk" = d."risk" + excluded."risk",
		"to_win" = d."to_win" + excluded."to_win", "amount" = d."amount" + excluded."amount";
	END IF;
	RETURN NULL;
END
$$;
