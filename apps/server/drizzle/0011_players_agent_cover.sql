CREATE INDEX "players_agent_cover" ON "players" USING btree ("agent_id","site_id","id","login","name","currency","active");--> statement-breakpoint
DROP INDEX "players_agent";
