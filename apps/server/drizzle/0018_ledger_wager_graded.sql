-- What a wager posted on its gradings, by day: graded bets of the wagers changed since a range began
-- sum them from here, one or two entries a wager, instead of every entry of the player's days.
CREATE INDEX IF NOT EXISTS "ledger_wager_graded" ON "ledger" USING btree ("wager_id","day","amount") WHERE "ledger"."type" = 2;
