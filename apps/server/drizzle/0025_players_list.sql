-- The players list (issue 17): a player may be watched, shown apart in every list, and managing
-- players is a right of its own. Each site's master agent holds every right (unless view-only), so it
-- gets this one too; agents below get it only when granted, as rights narrow down the tree.
ALTER TABLE "players" ADD COLUMN "watched" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "players_watched_agent" ON "players" USING btree ("agent_id","id") WHERE "players"."watched";--> statement-breakpoint
UPDATE "agents" SET "rights" = array_append("rights", 'managePlayers')
  WHERE "parent_id" IS NULL AND NOT ('managePlayers' = ANY("rights")) AND NOT ('viewOnly' = ANY("rights"));
