CREATE TABLE "limit_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"player_id" integer NOT NULL,
	"approver_id" integer NOT NULL,
	"requested_by" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"asked" jsonb NOT NULL,
	"before" jsonb NOT NULL,
	"passed" jsonb NOT NULL,
	"reason" text NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "credit_limit_approved" bigint;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "max_wager_approved" bigint;--> statement-breakpoint
ALTER TABLE "limit_requests" ADD CONSTRAINT "limit_requests_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "limit_requests" ADD CONSTRAINT "limit_requests_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "limit_requests" ADD CONSTRAINT "limit_requests_approver_id_agents_id_fk" FOREIGN KEY ("approver_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "limit_requests" ADD CONSTRAINT "limit_requests_requested_by_agents_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "limit_requests" ADD CONSTRAINT "limit_requests_decided_by_agents_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "limit_requests_approver" ON "limit_requests" USING btree ("approver_id","status","id");--> statement-breakpoint
CREATE INDEX "limit_requests_player" ON "limit_requests" USING btree ("player_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "limit_requests_one_pending" ON "limit_requests" USING btree ("player_id") WHERE "limit_requests"."status" = 'pending';--> statement-breakpoint
-- The right to ask for a player's limits above a cap (issue 17) comes with setting limits: every
-- master (unless view-only) and each agent that sets limits. Rights narrow down the tree, and each
-- parent of an agent that sets limits sets them too, so every agent stays within its parent.
UPDATE "agents" SET "rights" = array_append("rights", 'exceedCaps')
  WHERE (("parent_id" IS NULL AND NOT ('viewOnly' = ANY("rights"))) OR 'setLimits' = ANY("rights"))
    AND NOT ('exceedCaps' = ANY("rights"));
