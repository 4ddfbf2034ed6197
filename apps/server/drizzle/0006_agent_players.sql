CREATE TABLE "agent_players" (
	"agent_id" integer NOT NULL,
	"currency" text NOT NULL,
	"active" integer DEFAULT 0 NOT NULL,
	"inactive" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "agent_players_agent_id_currency_pk" PRIMARY KEY("agent_id","currency")
);
--> statement-breakpoint
CREATE INDEX "players_inactive_agent" ON "players" USING btree ("agent_id") WHERE not "players"."active";--> statement-breakpoint
INSERT INTO "agent_players" ("agent_id", "currency", "active", "inactive")
SELECT "agent_id", "currency", count(*) FILTER (WHERE "active"), count(*) FILTER (WHERE NOT "active")
FROM "players" GROUP BY "agent_id", "currency";
--> statement-breakpoint
CREATE FUNCTION "agent_players_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('UPDATE', 'DELETE') THEN
		UPDATE "agent_players" SET
			"active" = "active" - CASE WHEN OLD."active" THEN 1 ELSE 0 END,
			"inactive" = "inactive" - CASE WHEN OLD."active" THEN 0 ELSE 1 END
		WHERE "agent_id" = OLD."agent_id" AND "currency" = OLD."currency";
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		INSERT INTO "agent_players" ("agent_id", "currency", "active", "inactive")
		VALUES (NEW."agent_id", NEW."currency", CASE WHEN NEW."active" THEN 1 ELSE 0 END,
			CASE WHEN NEW."active" THEN 0 ELSE 1 END)
		ON CONFLICT ("agent_id", "currency") DO UPDATE SET
			"active" = "agent_players"."active" + excluded."active",
			"inactive" = "agent_players"."inactive" + excluded."inactive";
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "players_count" AFTER INSERT OR DELETE OR UPDATE OF "active", "agent_id", "currency"
ON "players" FOR EACH ROW EXECUTE FUNCTION "agent_players_count"();
