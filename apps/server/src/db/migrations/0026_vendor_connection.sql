-- Connected vendors only (DESIGN.md §6, issue 16): a vendor is connected when its credentials are set and its launch
-- works; players see only connected vendors' games. The catalogue owns these columns: the connection check (at boot
-- and with the sync job) and every launch write them.
ALTER TABLE game_vendors
  -- New vendors start connected: the check or their first launch says otherwise.
  ADD COLUMN connected boolean NOT NULL DEFAULT true,
  -- What took the vendor off the lobby: the check (nothing to launch with: no credentials, no launch address) or a
  -- failed launch. A check that finds the vendor ready lists it again at once after a CHECK, after a cool-down after
  -- a LAUNCH failure.
  ADD COLUMN disconnected_by text CHECK (disconnected_by IN ('CHECK', 'LAUNCH')),
  -- The last reason a launch could not be made, for staff (never a secret, never a token); kept once reconnected.
  ADD COLUMN last_launch_error text CHECK (length(last_launch_error) <= 500),
  ADD COLUMN last_launch_error_at timestamptz,
  ADD COLUMN connection_checked_at timestamptz,
  ADD CONSTRAINT game_vendors_disconnected_by CHECK (connected = (disconnected_by IS NULL));
