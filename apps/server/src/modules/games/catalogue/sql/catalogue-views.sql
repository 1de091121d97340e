-- The catalogue's published reads (DESIGN.md §2, docs/architecture.md "Read-only views"), applied after the migrations
-- whenever this file changes: other modules select from them, never write them. Each is one table under its own column
-- names, so the planner inlines it and a reader's query runs on that table's indexes.

-- The views these replace; a view whose columns change is dropped first (CREATE OR REPLACE cannot drop or reorder).
DROP VIEW IF EXISTS vendor_profiles, game_profiles, catalogue_vendor_facts, catalogue_game_facts;

-- Each vendor of a merchant: its name, state, whether its games can be launched now (ADR 0020), its addresses and
-- allowed sources (the vendor protocols), and its lobby order.
CREATE OR REPLACE VIEW vendor_directory AS
SELECT merchant_id, code, display_name, status, connected, support_demo, api_url, launch_url, allowed_sources,
  replay_url, sort
FROM game_vendors;

-- Each game: its id, its vendor's game code (rounds name games by it), type, names, icon and status.
CREATE OR REPLACE VIEW game_directory AS
SELECT merchant_id, id, vendor_code, game_code, game_type, names, icon_url, status
FROM games;
