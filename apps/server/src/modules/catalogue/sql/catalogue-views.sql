-- The catalogue's published facts (docs/architecture.md "Read-only views"): each vendor's display name and whether its
-- games can be launched now (ADR 0020), and each game's name, icon, type and status, for the reports and the winner
-- board. Read-only for every other module; columns are only ever added.
CREATE OR REPLACE VIEW catalogue_vendor_facts AS
SELECT merchant_id, code AS vendor_code, display_name, connected
FROM game_vendors;

CREATE OR REPLACE VIEW catalogue_game_facts AS
SELECT merchant_id, id AS game_id, vendor_code, game_type, names, icon_url, status
FROM games;
