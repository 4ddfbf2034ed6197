CREATE TABLE "player_moves" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"player_id" integer NOT NULL,
	"from_agent_id" integer NOT NULL,
	"to_agent_id" integer NOT NULL,
	"week_start" date NOT NULL,
	"carry" bigint DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"moved_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_weekly" ADD COLUMN "moved" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "player_moves" ADD CONSTRAINT "player_moves_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_moves" ADD CONSTRAINT "player_moves_from_agent_id_agents_id_fk" FOREIGN KEY ("from_agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_moves" ADD CONSTRAINT "player_moves_to_agent_id_agents_id_fk" FOREIGN KEY ("to_agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "player_moves_player" ON "player_moves" USING btree ("player_id","week_start");--> statement-breakpoint
CREATE INDEX "player_moves_from_agent" ON "player_moves" USING btree ("from_agent_id");--> statement-breakpoint
CREATE INDEX "player_moves_to_agent" ON "player_moves" USING btree ("to_agent_id","week_start");