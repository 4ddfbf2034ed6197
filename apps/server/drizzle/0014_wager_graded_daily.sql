CREATE TABLE "wager_graded_daily" (
	"agent_id" integer NOT NULL,
	"day" date NOT NULL,
	"currency" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"risk" bigint DEFAULT 0 NOT NULL,
	"to_win" bigint DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "wager_graded_daily_agent_id_day_currency_pk" PRIMARY KEY("agent_id","day","currency")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "wagers_site_graded_at" ON "wagers" USING btree ("site_id","graded_at","id","agent_id","graded_day","currency") WHERE "wagers"."graded_at" is not null;
--> statement-breakpoint
INSERT INTO "wager_graded_daily" ("agent_id", "day", "currency", "count", "risk", "to_win", "amount")
SELECT "agent_id", "graded_day", "currency", count(*), sum("risk"), sum("to_win"), sum("amount")
FROM "wagers" WHERE "graded_day" IS NOT NULL AND "graded_at" IS NOT NULL
GROUP BY "agent_id", "graded_day", "currency";
--> statement-breakpoint
CREATE FUNCTION "wager_graded_daily_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- One statement for all the rows a statement changed: the seeder's bulk inserts cost one
	-- upsert per agent, day and currency, a grade one. A changed row leaves with its old figures
	-- and comes back with its new ones; a row without a grade in force counts nowhere.
	IF TG_OP = 'INSERT' THEN
	INSERT INTO "wager_graded_daily" AS d ("agent_id", "day", "currency", "count", "risk", "to_win", "amount")
	SELECT "agent_id", "day", "currency", sum("n"), sum("risk"), sum("to_win"), sum("amount")
	FROM (
		SELECT "agent_id", "graded_day" AS "day", "currency", 1 AS "n", "risk", "to_win", "amount"
		FROM "new_wagers" WHERE "graded_day" IS NOT NULL AND "graded_at" IS NOT NULL
	) x
	GROUP BY "agent_id", "day", "currency"
	HAVING sum("n") <> 0 OR sum("risk") <> 0 OR sum("to_win") <> 0 OR sum("amount") <> 0
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
	ON CONFLICT ("agent_id", "day", "currency") DO UPDATE SET
		"count" = d."count" + excluded."count", "risk" = d."risk" + excluded."risk",
		"to_win" = d."to_win" + excluded."to_win", "amount" = d."amount" + excluded."amount";
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "wagers_graded_daily_insert" AFTER INSERT ON "wagers"
REFERENCING NEW TABLE AS "new_wagers"
FOR EACH STATEMENT EXECUTE FUNCTION "wager_graded_daily_apply"();
--> statement-breakpoint
CREATE TRIGGER "wagers_graded_daily_update" AFTER UPDATE ON "wagers"
REFERENCING OLD TABLE AS "old_wagers" NEW TABLE AS "new_wagers"
FOR EACH STATEMENT EXECUTE FUNCTION "wager_graded_daily_apply"();
--> statement-breakpoint
CREATE TRIGGER "wagers_graded_daily_delete" AFTER DELETE ON "wagers"
REFERENCING OLD TABLE AS "old_wagers"
FOR EACH STATEMENT EXECUTE FUNCTION "wager_graded_daily_apply"();
