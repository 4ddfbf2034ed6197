ALTER TABLE "agents" ADD COLUMN "credit_limit_cap" bigint;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "max_wager_cap" bigint;