CREATE INDEX IF NOT EXISTS "players_agent_cover" ON "players" USING btree ("agent_id","site_id","id","login","name","currency","active");--> statement-breakpoint
DROP INDEX IF EXISTS "players_agent";
