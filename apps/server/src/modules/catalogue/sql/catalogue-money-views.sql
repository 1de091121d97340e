-- Read-only views the catalogue publishes for the vendor protocols and the betting record (DESIGN.md §2,
-- docs/architecture.md "Read-only views"): others select from them, never write them. Keep the columns to what
-- readers need.

-- Each vendor of a merchant as the protocols and the record see it: its state, its addresses and its name.
CREATE OR REPLACE VIEW vendor_profiles AS
  SELECT v.merchant_id, v.code, v.display_name, v.status, v.connected, v.support_demo, v.api_url, v.launch_url,
    v.allowed_sources, v.replay_url, v.sort
  FROM game_vendors v;

-- Each game's id, type and names, by the vendor's own game code (rounds name games by that code).
CREATE OR REPLACE VIEW game_profiles AS
  SELECT g.merchant_id, g.vendor_code, g.game_code, g.id, g.game_type, g.names
  FROM games g;
