CREATE INDEX IF NOT EXISTS "wagers_agent_graded_amount_cover" ON "wagers" USING btree ("agent_id","graded_day","id","placed_at","graded_at","currency","risk","to_win","amount","player_id","result","site_id");--> statement-breakpoint
DROP INDEX IF EXISTS "wagers_agent_graded_cover";
