CREATE INDEX IF NOT EXISTS "ledger_agent_day_wager" ON "ledger" USING btree ("agent_id","day","type","wager_id","amount");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "wagers_agent_graded_cover" ON "wagers" USING btree ("agent_id","graded_day","id","placed_at","graded_at","currency","risk","to_win","player_id","result","site_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "wagers_open_agent_cover" ON "wagers" USING btree ("agent_id","placed_at","id","currency","risk","to_win","player_id","site_id","graded_at","result") WHERE "wagers"."status" = 'open';--> statement-breakpoint
DROP INDEX IF EXISTS "ledger_agent_day";--> statement-breakpoint
DROP INDEX IF EXISTS "wagers_agent_graded";
