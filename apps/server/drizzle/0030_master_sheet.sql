CREATE TABLE "agent_deals" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"from_week" date NOT NULL,
	"kind" text NOT NULL,
	"percent_bps" integer NOT NULL,
	"casino_bps" integer,
	"horses_bps" integer,
	"red_figure" boolean NOT NULL,
	"head_fee" bigint DEFAULT 0 NOT NULL,
	"set_by" text NOT NULL,
	"set_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_sheet_weeks" (
	"site_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"week_start" date NOT NULL,
	"parent_id" integer NOT NULL,
	"row" jsonb NOT NULL,
	"cumulative" jsonb NOT NULL,
	"closed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "agent_sheet_weeks_agent_id_week_start_pk" PRIMARY KEY("agent_id","week_start")
);
--> statement-breakpoint
CREATE TABLE "sheet_closes" (
	"site_id" integer NOT NULL,
	"week_start" date NOT NULL,
	"closed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sheet_closes_site_id_week_start_pk" PRIMARY KEY("site_id","week_start")
);
--> statement-breakpoint
CREATE TABLE "sheet_mails" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"week_start" date NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "deal_defaults" jsonb;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "sheet_email" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "sheet_cutoff_day" smallint DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "sheet_cutoff_minute" smallint DEFAULT 720 NOT NULL;--> statement-breakpoint
ALTER TABLE "agent_deals" ADD CONSTRAINT "agent_deals_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_deals" ADD CONSTRAINT "agent_deals_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_sheet_weeks" ADD CONSTRAINT "agent_sheet_weeks_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sheet_closes" ADD CONSTRAINT "sheet_closes_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sheet_mails" ADD CONSTRAINT "sheet_mails_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_deals_agent_week" ON "agent_deals" USING btree ("agent_id","from_week","id");--> statement-breakpoint
CREATE INDEX "agent_sheet_weeks_parent" ON "agent_sheet_weeks" USING btree ("parent_id","week_start");--> statement-breakpoint
CREATE UNIQUE INDEX "sheet_mails_agent_week" ON "sheet_mails" USING btree ("agent_id","week_start");