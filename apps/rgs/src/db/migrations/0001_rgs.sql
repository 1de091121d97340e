-- The in-house remote game server's own database (issue 6; DESIGN.md §2, §6). It never holds a balance: the
-- platform's ledger is the only wallet, reached through the seamless protocol. This holds what a game studio keeps:
-- launch sessions, provably fair seeds, every round with the data to verify it, the calls made to the platform
-- (an outbox, so a credit that failed is retried with the same transaction id, even after a restart), the crash
-- hash chain and the jackpot pools.

-- Launch tokens already swapped for a page session (SHA-256 hex of the token): a second swap is refused.
CREATE TABLE used_launch_tokens (
  token_hash text PRIMARY KEY,
  operator text NOT NULL,
  player_id text NOT NULL,
  used_at timestamptz NOT NULL
);

-- A game page's session. Only the SHA-256 of the page token is stored. platform_token is the platform's game
-- session token (issued at launch): every seamless call of this page carries it, retries after expiry included.
CREATE TABLE page_sessions (
  id_hash text PRIMARY KEY,
  operator text NOT NULL,
  player_id text NOT NULL,
  currency text NOT NULL,
  mode text NOT NULL CHECK (mode IN ('real', 'play')),
  game_code text NOT NULL,
  lang text NOT NULL,
  platform_token text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX page_sessions_expiry ON page_sessions (expires_at);

-- Provably fair seed pairs per (operator, player, family). The current pair has revealed_at NULL: its server seed
-- is secret and only its hash is shown; rotating sets revealed_at, which makes the row part of the revealed
-- history (server_seed may then be shown), and inserts a fresh pair with nonce 0.
CREATE TABLE fair_seeds (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  operator text NOT NULL,
  player_id text NOT NULL,
  family text NOT NULL CHECK (family IN ('slot', 'dice', 'mines', 'plinko')),
  server_seed text NOT NULL,
  server_seed_hash text NOT NULL,
  client_seed text NOT NULL,
  -- The nonce the next round takes.
  next_nonce integer NOT NULL DEFAULT 0 CHECK (next_nonce >= 0),
  created_at timestamptz NOT NULL,
  revealed_at timestamptz
);
CREATE UNIQUE INDEX fair_seeds_current ON fair_seeds (operator, player_id, family) WHERE revealed_at IS NULL;
CREATE INDEX fair_seeds_revealed ON fair_seeds (operator, player_id, family, revealed_at DESC)
  WHERE revealed_at IS NOT NULL;

-- Crash hash chains: chain[0] = seed (secret forever: it would give away every round), chain[i] = sha256(chain[i-1]);
-- terminating_hash = chain[length-1] is published before the first round; round r uses chain[length-1-r].
CREATE TABLE crash_chains (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  seed text NOT NULL,
  length integer NOT NULL CHECK (length >= 2),
  terminating_hash text NOT NULL UNIQUE,
  -- Published with the terminating hash; the key-side input of every crash point (game-math crashPointE2).
  salt text NOT NULL,
  created_at timestamptz NOT NULL,
  exhausted_at timestamptz
);

-- Shared crash rounds. hash and crash_e2 are written when the round is opened but shown only once it is over.
CREATE TABLE crash_rounds (
  chain_id integer NOT NULL REFERENCES crash_chains (id),
  round_no integer NOT NULL CHECK (round_no >= 1),
  hash text NOT NULL,
  crash_e2 integer NOT NULL CHECK (crash_e2 >= 100),
  -- INTERRUPTED: the process stopped during the round; its open bets were rolled back at the next boot.
  state text NOT NULL CHECK (state IN ('BETTING', 'RUNNING', 'CRASHED', 'INTERRUPTED')),
  betting_at timestamptz NOT NULL,
  started_at timestamptz NOT NULL,
  crashed_at timestamptz,
  PRIMARY KEY (chain_id, round_no)
);

-- Every round a player played: inputs, outcome, money, the seeds it used and its state. A crash bet is a round
-- of its own (the platform's round id is per player) that points at the shared crash round.
CREATE TABLE rounds (
  id text PRIMARY KEY,
  -- Write order: recall lists a player's rounds newest first by it (timestamps can tie).
  seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  operator text NOT NULL,
  player_id text NOT NULL,
  currency text NOT NULL,
  mode text NOT NULL CHECK (mode IN ('real', 'play')),
  game_code text NOT NULL,
  family text NOT NULL CHECK (family IN ('slot', 'dice', 'mines', 'plinko', 'crash')),
  session_id text NOT NULL REFERENCES page_sessions (id_hash),
  seed_id bigint REFERENCES fair_seeds (id),
  nonce integer CHECK (nonce >= 0),
  crash_chain_id integer,
  crash_round_no integer,
  -- The player's choices (bet level, target, mine count, picks, rows and risk, auto cash-out).
  params jsonb NOT NULL,
  outcome jsonb,
  bet_minor bigint NOT NULL CHECK (bet_minor > 0),
  win_minor bigint NOT NULL DEFAULT 0 CHECK (win_minor >= 0),
  jackpot_minor bigint NOT NULL DEFAULT 0 CHECK (jackpot_minor >= 0),
  bet_transaction_id text NOT NULL UNIQUE,
  -- DEBITING: bet sent; OPEN: bet taken, round goes on (mines, crash); SETTLED: win (or loss) sent;
  -- REFUSED: the platform refused the bet; CANCELLED: the bet was rolled back.
  state text NOT NULL CHECK (state IN ('DEBITING', 'OPEN', 'SETTLED', 'REFUSED', 'CANCELLED')),
  created_at timestamptz NOT NULL,
  settled_at timestamptz,
  FOREIGN KEY (crash_chain_id, crash_round_no) REFERENCES crash_rounds (chain_id, round_no),
  CHECK ((family = 'crash') = (crash_round_no IS NOT NULL)),
  -- Seeded rounds take their seed and nonce once the bet is accepted; crash rounds use the hash chain instead.
  CHECK (family <> 'crash' OR seed_id IS NULL),
  CHECK (family = 'crash' OR seed_id IS NOT NULL OR state IN ('DEBITING', 'REFUSED', 'CANCELLED'))
);
CREATE INDEX rounds_by_player ON rounds (operator, player_id, seq DESC);
CREATE INDEX rounds_by_player_family ON rounds (operator, player_id, family, seq DESC);
CREATE INDEX rounds_by_crash_round ON rounds (crash_chain_id, crash_round_no) WHERE crash_chain_id IS NOT NULL;
-- One mines board at a time per player; one bet per player in a crash round.
CREATE UNIQUE INDEX rounds_one_open_mines ON rounds (operator, player_id)
  WHERE family = 'mines' AND state IN ('DEBITING', 'OPEN');
CREATE UNIQUE INDEX rounds_one_crash_bet ON rounds (crash_chain_id, crash_round_no, operator, player_id)
  WHERE family = 'crash' AND state IN ('DEBITING', 'OPEN', 'SETTLED');

-- The outbox of seamless calls. transaction_id is the protocol's idempotency key: a retry sends the same one.
-- PENDING: to send (again) at next_attempt_at; DONE: answered; REFUSED: a 4xx answer (not retried);
-- FAILED: gave up after the attempt limit (an operator looks at it).
CREATE TABLE platform_calls (
  transaction_id text PRIMARY KEY,
  -- Write order: the calls of a round are sent in this order.
  seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  round_id text NOT NULL REFERENCES rounds (id),
  op text NOT NULL CHECK (op IN ('debit', 'credit', 'rollback', 'endRound')),
  amount_minor bigint CHECK (amount_minor >= 0),
  bet_transaction_id text,
  end_round boolean NOT NULL DEFAULT false,
  status text NOT NULL CHECK (status IN ('PENDING', 'DONE', 'REFUSED', 'FAILED')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  last_error text,
  -- The balance the platform answered (decimal string), for the game client.
  balance text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX platform_calls_due ON platform_calls (next_attempt_at) WHERE status = 'PENDING';
CREATE INDEX platform_calls_by_round ON platform_calls (round_id);

-- Progressive jackpot pools, one per currency and mode (play money never mixes with real money). amount_minor is
-- what the pool shows and pays; carry_e4 keeps the 1/10,000ths of a minor unit that contributions left over.
CREATE TABLE jackpot_pools (
  currency text NOT NULL,
  mode text NOT NULL CHECK (mode IN ('real', 'play')),
  amount_minor bigint NOT NULL CHECK (amount_minor >= 0),
  carry_e4 integer NOT NULL DEFAULT 0 CHECK (carry_e4 BETWEEN 0 AND 9999),
  -- What the pool restarts from after it was won (paid by the vendor).
  seed_minor bigint NOT NULL CHECK (seed_minor >= 0),
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (currency, mode)
);

-- What each paid slot round put into its pool, in 1/10,000ths of a minor unit (bet × JACKPOT_SHARE_E4).
CREATE TABLE jackpot_contributions (
  round_id text PRIMARY KEY REFERENCES rounds (id),
  currency text NOT NULL,
  mode text NOT NULL,
  amount_e4 bigint NOT NULL CHECK (amount_e4 >= 0),
  created_at timestamptz NOT NULL
);

CREATE TABLE jackpot_wins (
  round_id text PRIMARY KEY REFERENCES rounds (id),
  currency text NOT NULL,
  mode text NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  transaction_id text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX jackpot_wins_recent ON jackpot_wins (currency, mode, created_at DESC);
