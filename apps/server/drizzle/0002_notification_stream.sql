CREATE TABLE "stream_tickets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ticket_hash" text NOT NULL,
	"session_id" bigint NOT NULL,
	"site_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "stream_tickets" ADD CONSTRAINT "stream_tickets_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stream_tickets_hash" ON "stream_tickets" USING btree ("ticket_hash");--> statement-breakpoint
CREATE INDEX "stream_tickets_expiry" ON "stream_tickets" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_created_by_agents_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;