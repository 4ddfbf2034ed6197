CREATE TABLE "agent_passkeys" (
	"id" serial PRIMARY KEY NOT NULL,
	"agent_id" integer NOT NULL,
	"credential_id" text NOT NULL,
	"public_key" text NOT NULL,
	"counter" bigint DEFAULT 0 NOT NULL,
	"transports" text[] DEFAULT '{}'::text[] NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "agent_recovery_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"agent_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_totp" (
	"agent_id" integer PRIMARY KEY NOT NULL,
	"secret_sealed" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"last_step" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_chain" (
	"chain_id" integer PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_challenges" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"purpose" text NOT NULL,
	"site_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"session_id" bigint,
	"webauthn_challenge" text,
	"keep_in_cookie" boolean DEFAULT false NOT NULL,
	"method" text NOT NULL,
	"ip" text,
	"country" text,
	"device" text,
	"device_hash" text,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"kind" text NOT NULL,
	"agent_id" integer,
	"player_id" integer,
	"at" timestamp with time zone NOT NULL,
	"outcome" text NOT NULL,
	"method" text NOT NULL,
	"source" text NOT NULL,
	"ip" text,
	"country" text,
	"device" text,
	"device_hash" text
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "device" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "acting_for" integer;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "agent_id" integer;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "seq" bigint;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "hash" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "revoked_reason" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "device" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "method" text;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "require_second_step" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "agent_passkeys" ADD CONSTRAINT "agent_passkeys_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_recovery_codes" ADD CONSTRAINT "agent_recovery_codes_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_totp" ADD CONSTRAINT "agent_totp_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_challenges" ADD CONSTRAINT "auth_challenges_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_events" ADD CONSTRAINT "login_events_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_passkeys_credential" ON "agent_passkeys" USING btree ("credential_id");--> statement-breakpoint
CREATE INDEX "agent_passkeys_agent" ON "agent_passkeys" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "agent_recovery_codes_agent" ON "agent_recovery_codes" USING btree ("agent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "auth_challenges_token" ON "auth_challenges" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "login_events_agent" ON "login_events" USING btree ("agent_id","at");--> statement-breakpoint
CREATE INDEX "login_events_player" ON "login_events" USING btree ("player_id","at");--> statement-breakpoint
CREATE INDEX "login_events_site_ip" ON "login_events" USING btree ("site_id","ip","at");--> statement-breakpoint
CREATE INDEX "login_events_site_device" ON "login_events" USING btree ("site_id","device_hash","at");--> statement-breakpoint
CREATE INDEX "audit_site_id" ON "audit_log" USING btree ("site_id","id");--> statement-breakpoint
CREATE INDEX "audit_agent_id" ON "audit_log" USING btree ("agent_id","id");--> statement-breakpoint
CREATE INDEX "sessions_agent_live" ON "sessions" USING btree ("agent_id","absolute_expires_at");--> statement-breakpoint
-- Custom SQL (decision 035): the audit log's hash chain. A row's hash covers every field but the
-- hash, as one JSON array (unambiguous, and jsonb's text is canonical), the time as microseconds
-- since the epoch (no session setting changes it), and the previous row's hash of its site.
CREATE FUNCTION audit_row_hash(r audit_log) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to(jsonb_build_array(
    r.prev_hash, r.seq, r.site_id, r.actor_kind, r.actor_id, r.action, r.target_kind, r.target_id,
    r.details, r.request_id, (extract(epoch FROM r.created_at) * 1000000)::bigint, r.ip,
    r.country, r.device, r.acting_for, r.agent_id)::text, 'UTF8')), 'hex')
$$;--> statement-breakpoint
-- The agent whose book an act is in: an agent target, a player's or a wager's agent, else the actor.
CREATE FUNCTION audit_book_agent(r audit_log) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN r.target_kind = 'agent' THEN r.target_id::integer
    WHEN r.target_kind = 'player' THEN (SELECT agent_id FROM players WHERE id = r.target_id)
    WHEN r.target_kind = 'wager' THEN (SELECT agent_id FROM wagers WHERE id = r.target_id)
    WHEN r.actor_kind = 'agent' THEN r.actor_id
  END
$$;--> statement-breakpoint
-- Rows written before the chain are chained now, in the order they were written.
DROP TRIGGER audit_log_append_only ON "audit_log";--> statement-breakpoint
UPDATE "audit_log" SET "agent_id" = audit_book_agent("audit_log");--> statement-breakpoint
UPDATE "audit_log" l SET "seq" = n.seq
  FROM (SELECT id, row_number() OVER (PARTITION BY coalesce(site_id, 0) ORDER BY id) AS seq
        FROM "audit_log") n
  WHERE n.id = l.id;--> statement-breakpoint
DO $$
DECLARE
  r audit_log;
  chain integer := -1;
  prev text;
BEGIN
  FOR r IN SELECT * FROM audit_log ORDER BY coalesce(site_id, 0), seq LOOP
    IF coalesce(r.site_id, 0) <> chain THEN
      chain := coalesce(r.site_id, 0);
      prev := repeat('0', 64);
    END IF;
    r.prev_hash := prev;
    prev := audit_row_hash(r);
    UPDATE audit_log SET prev_hash = r.prev_hash, hash = prev WHERE id = r.id;
  END LOOP;
END $$;--> statement-breakpoint
INSERT INTO audit_chain (chain_id, seq, hash)
  SELECT DISTINCT ON (coalesce(site_id, 0)) coalesce(site_id, 0), seq, hash
  FROM audit_log ORDER BY coalesce(site_id, 0), seq DESC;--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "seq" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "prev_hash" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "hash" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_chain_seq" ON "audit_log" USING btree (coalesce("site_id", 0),"seq");--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();--> statement-breakpoint
-- Each new row takes the next number of its site's chain under the head's row lock (held to the
-- end of the writing transaction, so rows of a site are chained in the order they commit).
CREATE FUNCTION audit_log_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  chain integer := coalesce(NEW.site_id, 0);
  head audit_chain%ROWTYPE;
BEGIN
  IF NEW.agent_id IS NULL THEN
    NEW.agent_id := audit_book_agent(NEW);
  END IF;
  INSERT INTO audit_chain (chain_id, seq, hash) VALUES (chain, 0, repeat('0', 64))
    ON CONFLICT (chain_id) DO NOTHING;
  SELECT * INTO head FROM audit_chain WHERE chain_id = chain FOR UPDATE;
  NEW.seq := head.seq + 1;
  NEW.prev_hash := head.hash;
  NEW.hash := audit_row_hash(NEW);
  UPDATE audit_chain SET seq = NEW.seq, hash = NEW.hash WHERE chain_id = chain;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER audit_log_chain BEFORE INSERT ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION audit_log_chain();
