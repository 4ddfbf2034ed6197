CREATE TABLE "agent_closure" (
	"site_id" integer NOT NULL,
	"ancestor_id" integer NOT NULL,
	"descendant_id" integer NOT NULL,
	"depth" smallint NOT NULL,
	CONSTRAINT "agent_closure_ancestor_id_descendant_id_pk" PRIMARY KEY("ancestor_id","descendant_id")
);
--> statement-breakpoint
CREATE TABLE "agent_payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"master_id" integer NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"method" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"entered_by" text NOT NULL,
	"idempotency_key" text
);
--> statement-breakpoint
CREATE TABLE "agents" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"parent_id" integer,
	"login" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"currency" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"rights" text[] DEFAULT '{}'::text[] NOT NULL,
	"depth" smallint DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"failed_logins" smallint DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" integer,
	"actor_kind" text NOT NULL,
	"actor_id" integer,
	"action" text NOT NULL,
	"target_kind" text,
	"target_id" bigint,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"request_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "currencies" (
	"code" text PRIMARY KEY NOT NULL,
	"id" "smallserial" NOT NULL,
	"name" text NOT NULL,
	"minor_digits" smallint DEFAULT 2 NOT NULL,
	CONSTRAINT "currencies_id_unique" UNIQUE("id")
);
--> statement-breakpoint
CREATE TABLE "currency_rates" (
	"site_id" integer NOT NULL,
	"code" text NOT NULL,
	"rate_to_site" numeric(20, 10) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "currency_rates_site_id_code_pk" PRIMARY KEY("site_id","code")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"sport" text NOT NULL,
	"league" text NOT NULL,
	"home" text NOT NULL,
	"away" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"home_score" smallint,
	"away_score" smallint,
	"status" text DEFAULT 'scheduled' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"player_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"balance_after" bigint DEFAULT 0 NOT NULL,
	"free_play_after" bigint DEFAULT 0 NOT NULL,
	"wager_id" bigint,
	"description" text NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"idempotency_key" text
);
--> statement-breakpoint
CREATE TABLE "login_tokens" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"site_id" integer NOT NULL,
	"login" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" integer,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notification_views" (
	"notification_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_views_notification_id_agent_id_pk" PRIMARY KEY("notification_id","agent_id")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"agent_id" integer,
	"include_subtree" boolean DEFAULT false NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player_daily" (
	"site_id" integer NOT NULL,
	"player_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"day" date NOT NULL,
	"sports" bigint DEFAULT 0 NOT NULL,
	"casino" bigint DEFAULT 0 NOT NULL,
	"horses" bigint DEFAULT 0 NOT NULL,
	"rbl" bigint DEFAULT 0 NOT NULL,
	"payments" bigint DEFAULT 0 NOT NULL,
	"receipts" bigint DEFAULT 0 NOT NULL,
	"disbursements" bigint DEFAULT 0 NOT NULL,
	"adjustments" bigint DEFAULT 0 NOT NULL,
	"free_play" bigint DEFAULT 0 NOT NULL,
	"entries" integer DEFAULT 0 NOT NULL,
	"closing" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "player_daily_player_id_day_pk" PRIMARY KEY("player_id","day")
);
--> statement-breakpoint
CREATE TABLE "player_payments" (
	"ledger_id" bigint PRIMARY KEY NOT NULL,
	"method" text NOT NULL,
	"note" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player_weekly" (
	"site_id" integer NOT NULL,
	"player_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"week_start" date NOT NULL,
	"carry" bigint DEFAULT 0 NOT NULL,
	"sports" bigint DEFAULT 0 NOT NULL,
	"casino" bigint DEFAULT 0 NOT NULL,
	"horses" bigint DEFAULT 0 NOT NULL,
	"rbl" bigint DEFAULT 0 NOT NULL,
	"payments" bigint DEFAULT 0 NOT NULL,
	"receipts" bigint DEFAULT 0 NOT NULL,
	"disbursements" bigint DEFAULT 0 NOT NULL,
	"adjustments" bigint DEFAULT 0 NOT NULL,
	"free_play" bigint DEFAULT 0 NOT NULL,
	"entries" integer DEFAULT 0 NOT NULL,
	"ending" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "player_weekly_player_id_week_start_pk" PRIMARY KEY("player_id","week_start")
);
--> statement-breakpoint
CREATE TABLE "players" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"login" text NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"password_hash" text,
	"currency" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"credit_limit" bigint DEFAULT 0 NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"free_play_balance" bigint DEFAULT 0 NOT NULL,
	"at_risk" bigint DEFAULT 0 NOT NULL,
	"settle_figure" bigint DEFAULT 0 NOT NULL,
	"max_wager" bigint DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"failed_logins" smallint DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"site_id" integer NOT NULL,
	"kind" text NOT NULL,
	"agent_id" integer,
	"player_id" integer,
	"principal" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"idle_expires_at" timestamp with time zone NOT NULL,
	"absolute_expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"csrf_token" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_ups" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"data" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"time_zone" text NOT NULL,
	"currency" text NOT NULL,
	"allowed_origins" text[] DEFAULT '{}'::text[] NOT NULL,
	"sign_up_config" jsonb,
	"captcha_site_key" text,
	"captcha_secret" text,
	"api_key_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"session_id" bigint NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wager_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"wager_id" bigint NOT NULL,
	"player_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"status" text NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	"changed_by" text NOT NULL,
	"reason" text NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wager_legs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"wager_id" bigint NOT NULL,
	"event_id" integer NOT NULL,
	"market" text NOT NULL,
	"selection" text NOT NULL,
	"line_taken" numeric(6, 1),
	"odds_taken" integer NOT NULL,
	"closing_line" numeric(6, 1),
	"closing_odds" integer,
	"result" text DEFAULT 'open' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wagers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"player_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"ticket" text NOT NULL,
	"wager_type" text NOT NULL,
	"sport" text NOT NULL,
	"description" text NOT NULL,
	"currency" text NOT NULL,
	"risk" bigint DEFAULT 0 NOT NULL,
	"to_win" bigint DEFAULT 0 NOT NULL,
	"free_play" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"result" text DEFAULT 'open' NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"placed_at" timestamp with time zone NOT NULL,
	"graded_at" timestamp with time zone,
	"graded_day" date,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "agent_closure" ADD CONSTRAINT "agent_closure_ancestor_id_agents_id_fk" FOREIGN KEY ("ancestor_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_closure" ADD CONSTRAINT "agent_closure_descendant_id_agents_id_fk" FOREIGN KEY ("descendant_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_payments" ADD CONSTRAINT "agent_payments_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_payments" ADD CONSTRAINT "agent_payments_master_id_agents_id_fk" FOREIGN KEY ("master_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "currency_rates" ADD CONSTRAINT "currency_rates_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "currency_rates" ADD CONSTRAINT "currency_rates_code_currencies_code_fk" FOREIGN KEY ("code") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger" ADD CONSTRAINT "ledger_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_views" ADD CONSTRAINT "notification_views_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_views" ADD CONSTRAINT "notification_views_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_payments" ADD CONSTRAINT "player_payments_ledger_id_ledger_id_fk" FOREIGN KEY ("ledger_id") REFERENCES "public"."ledger"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_codes" ADD CONSTRAINT "verification_codes_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wager_changes" ADD CONSTRAINT "wager_changes_wager_id_wagers_id_fk" FOREIGN KEY ("wager_id") REFERENCES "public"."wagers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wager_legs" ADD CONSTRAINT "wager_legs_wager_id_wagers_id_fk" FOREIGN KEY ("wager_id") REFERENCES "public"."wagers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wager_legs" ADD CONSTRAINT "wager_legs_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wagers" ADD CONSTRAINT "wagers_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wagers" ADD CONSTRAINT "wagers_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wagers" ADD CONSTRAINT "wagers_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_closure_descendant" ON "agent_closure" USING btree ("descendant_id");--> statement-breakpoint
CREATE INDEX "agent_payments_agent_day" ON "agent_payments" USING btree ("agent_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_payments_idempotency" ON "agent_payments" USING btree ("site_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "agents_site_login" ON "agents" USING btree ("site_id",lower("login"));--> statement-breakpoint
CREATE UNIQUE INDEX "agents_site_email" ON "agents" USING btree ("site_id",lower("email"));--> statement-breakpoint
CREATE INDEX "agents_parent" ON "agents" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "audit_site_time" ON "audit_log" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE INDEX "events_site_starts" ON "events" USING btree ("site_id","starts_at");--> statement-breakpoint
CREATE INDEX "ledger_player_time" ON "ledger" USING btree ("player_id","created_at","id");--> statement-breakpoint
CREATE INDEX "ledger_player_day" ON "ledger" USING btree ("player_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_idempotency" ON "ledger" USING btree ("site_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "login_tokens_hash" ON "login_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "notifications_site_time" ON "notifications" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE INDEX "player_daily_agent_day" ON "player_daily" USING btree ("agent_id","day");--> statement-breakpoint
CREATE INDEX "player_weekly_agent_week" ON "player_weekly" USING btree ("agent_id","week_start");--> statement-breakpoint
CREATE UNIQUE INDEX "players_site_login" ON "players" USING btree ("site_id",lower("login"));--> statement-breakpoint
CREATE INDEX "players_agent" ON "players" USING btree ("agent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "wager_changes_agent_time" ON "wager_changes" USING btree ("agent_id","changed_at");--> statement-breakpoint
CREATE INDEX "wager_legs_wager" ON "wager_legs" USING btree ("wager_id");--> statement-breakpoint
CREATE INDEX "wagers_agent_status_placed" ON "wagers" USING btree ("agent_id","status","placed_at");--> statement-breakpoint
CREATE INDEX "wagers_agent_graded" ON "wagers" USING btree ("agent_id","graded_day");--> statement-breakpoint
CREATE INDEX "wagers_player_placed" ON "wagers" USING btree ("player_id","placed_at");--> statement-breakpoint
CREATE INDEX "wagers_site_status" ON "wagers" USING btree ("site_id","status");