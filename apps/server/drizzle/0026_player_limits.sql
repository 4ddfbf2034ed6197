ALTER TABLE "players" ADD COLUMN "temp_credit" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "temp_credit_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "wager_limits" jsonb DEFAULT '{}'::jsonb NOT NULL;