CREATE TABLE "platform_events" (
	"site_id" integer NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"body_hash" text NOT NULL,
	"result" jsonb NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"applied_at" timestamp with time zone NOT NULL,
	"key_id" integer,
	CONSTRAINT "platform_events_site_id_event_id_pk" PRIMARY KEY("site_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "platform_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"key_id" text NOT NULL,
	"label" text NOT NULL,
	"scopes" text[] DEFAULT '{}'::text[] NOT NULL,
	"secret_sealed" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"rotated_from" integer
);
--> statement-breakpoint
CREATE TABLE "platform_signatures" (
	"key_id" integer NOT NULL,
	"signature" text NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "platform_signatures_key_id_signature_pk" PRIMARY KEY("key_id","signature")
);
--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "products_off" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "products_off" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "wagers" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "platform_keys" ADD CONSTRAINT "platform_keys_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_keys" ADD CONSTRAINT "platform_keys_created_by_agents_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "platform_keys_key_id" ON "platform_keys" USING btree ("key_id");--> statement-breakpoint
CREATE INDEX "platform_keys_site" ON "platform_keys" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE INDEX "platform_signatures_seen" ON "platform_signatures" USING btree ("seen_at");--> statement-breakpoint
CREATE UNIQUE INDEX "agents_site_external" ON "agents" USING btree ("site_id","external_id") WHERE "agents"."external_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "events_site_external" ON "events" USING btree ("site_id","external_id") WHERE "events"."external_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "players_site_external" ON "players" USING btree ("site_id","external_id") WHERE "players"."external_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "wagers_site_external" ON "wagers" USING btree ("site_id","external_id") WHERE "wagers"."external_id" is not null;