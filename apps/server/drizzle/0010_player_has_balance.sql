ALTER TABLE "players" ADD COLUMN "has_balance" boolean GENERATED ALWAYS AS (balance <> 0) STORED;--> statement-breakpoint
CREATE INDEX "players_inactive_agent_owing" ON "players" USING btree ("agent_id","site_id","currency","last_week","has_balance","id") WHERE not "players"."active";--> statement-breakpoint
DROP INDEX "players_inactive_agent_week";
