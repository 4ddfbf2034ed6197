-- A ledger line says what it is as a code of the contract's list and its parameters, worded in the
-- reader's language. Lines posted before keep their English description and no code: they read as
-- they always did.
ALTER TABLE "ledger" ADD COLUMN "description_code" text;--> statement-breakpoint
ALTER TABLE "ledger" ADD COLUMN "description_params" jsonb;