-- The right to enter adjustments (issue 14 item 2) is new: each site's master agent holds every right
-- (unless view-only), so it gets this one too. Agents below get it only when granted, as rights narrow
-- down the tree; an adjustment moves a balance with no money behind it.
UPDATE "agents" SET "rights" = array_append("rights", 'enterAdjustments')
  WHERE "parent_id" IS NULL AND NOT ('enterAdjustments' = ANY("rights")) AND NOT ('viewOnly' = ANY("rights"));
