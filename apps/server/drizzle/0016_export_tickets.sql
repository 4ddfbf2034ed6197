CREATE TABLE "export_tickets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ticket_hash" text NOT NULL,
	"session_id" bigint NOT NULL,
	"site_id" integer NOT NULL,
	"request" jsonb NOT NULL,
	"caller" jsonb NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"rows" integer DEFAULT 0 NOT NULL,
	"error_code" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"cancel_requested_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "export_tickets" ADD CONSTRAINT "export_tickets_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "export_tickets_hash" ON "export_tickets" USING btree ("ticket_hash");--> statement-breakpoint
CREATE INDEX "export_tickets_expiry" ON "export_tickets" USING btree ("expires_at");