ALTER TABLE "players" ADD COLUMN "has_balance" boolean GENERATED ALWAYS AS (balance <> 0) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "players_inactive_agent_owing" ON "players" USING btree ("agent_id","site_id","currency","last_week","has_balance","id") WHERE not "players"."active";--> statement-breakpoint
DROP INDEX IF EXISTS "players_inactive_agent_week";
