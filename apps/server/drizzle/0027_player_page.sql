CREATE TABLE "player_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"player_id" integer NOT NULL,
	"sent_by" integer NOT NULL,
	"body" text NOT NULL,
	"outbox_id" uuid,
	"idempotency_key" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "player_messages" ADD CONSTRAINT "player_messages_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_messages" ADD CONSTRAINT "player_messages_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_messages" ADD CONSTRAINT "player_messages_sent_by_agents_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "player_messages_player" ON "player_messages" USING btree ("player_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "player_messages_key" ON "player_messages" USING btree ("site_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "audit_target" ON "audit_log" USING btree ("target_kind","target_id","id");--> statement-breakpoint
-- Rights of their own for limits, free play and messages (issue 17). Each master holds every right
-- (unless view-only); an agent below keeps what it could do before: limits and messages came with
-- managing players, free play with entering adjustments. Rights narrow down the tree, so granting
-- by the right each came from keeps every agent within its parent.
UPDATE "agents" SET "rights" = "rights" || ARRAY['setLimits', 'freePlay', 'messagePlayers']
  WHERE "parent_id" IS NULL AND NOT ('viewOnly' = ANY("rights"))
    AND NOT ('setLimits' = ANY("rights"));--> statement-breakpoint
UPDATE "agents" SET "rights" = "rights" || ARRAY['setLimits', 'messagePlayers']
  WHERE "parent_id" IS NOT NULL AND 'managePlayers' = ANY("rights")
    AND NOT ('setLimits' = ANY("rights"));--> statement-breakpoint
UPDATE "agents" SET "rights" = array_append("rights", 'freePlay')
  WHERE "parent_id" IS NOT NULL AND 'enterAdjustments' = ANY("rights")
    AND NOT ('freePlay' = ANY("rights"));
