-- A program's used budget is what its payouts of the current interval use (src/server/areas/payouts/rules.ts),
-- computed when read; a stored figure could only fall out of step with the payouts.
ALTER TABLE programs DROP COLUMN used_budget;
