-- Missions, races and points mall items get a Filipino (TY) name beside their name, which stays the English (EN) one:
-- every reader of `name` (staff lists, cost reports, redemptions' item_name snapshot) keeps reading English, and the
-- member APIs answer `name_ty` to a TY caller, `name` when it is empty (as raffles fall back to EN).
ALTER TABLE missions ADD COLUMN name_ty text CHECK (length(name_ty) BETWEEN 1 AND 80);
ALTER TABLE races ADD COLUMN name_ty text CHECK (length(name_ty) BETWEEN 1 AND 80);
ALTER TABLE mall_items ADD COLUMN name_ty text CHECK (length(name_ty) BETWEEN 1 AND 80);
