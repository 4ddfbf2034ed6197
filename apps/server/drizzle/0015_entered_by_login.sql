-- "Entered by" names an agent by its login everywhere (entrant.ts). Entries made from a session
-- before this stored the agent's e-mail instead: they are rewritten to the login.
UPDATE "wager_changes" AS w SET "changed_by" = a."login" FROM "agents" AS a
  WHERE a."site_id" = w."site_id" AND w."changed_by" LIKE '%@%' AND lower(a."email") = lower(w."changed_by");--> statement-breakpoint
UPDATE "agent_payments" AS p SET "entered_by" = a."login" FROM "agents" AS a
  WHERE a."site_id" = p."site_id" AND p."entered_by" LIKE '%@%' AND lower(a."email") = lower(p."entered_by");--> statement-breakpoint
UPDATE "ledger" AS l SET "created_by" = a."login" FROM "agents" AS a
  WHERE a."site_id" = l."site_id" AND l."created_by" LIKE '%@%' AND lower(a."email") = lower(l."created_by");
