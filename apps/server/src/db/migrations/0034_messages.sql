-- Internal messages, feedback and live chat (issue 22; spec §1 customer service, §2 messageV2, §5 feedback).

-- Internal messages (module inbox). A broadcast (ALL, SEGMENT, AGENTS) is one row; who it reaches is decided when a
-- member reads (ADR 0032): members registered by the time it was sent, matching its segment. Direct messages (MEMBER,
-- MEMBERS) name their recipients in inbox_recipients. Translations: [{language, title, content}].
CREATE TABLE inbox_messages (
  merchant_id integer NOT NULL REFERENCES merchants (id),
  id bigint GENERATED ALWAYS AS IDENTITY,
  kind text NOT NULL CHECK (kind IN ('STAFF', 'SYSTEM')),
  audience text NOT NULL CHECK (audience IN ('MEMBER', 'MEMBERS', 'SEGMENT', 'ALL', 'AGENTS')),
  vip_levels smallint[],
  agent_id bigint,
  registered_from timestamptz,
  registered_to timestamptz,
  last_active_from timestamptz,
  last_active_to timestamptz,
  translations jsonb NOT NULL,
  -- A system message's business key (e.g. DEPOSIT_CREDITED:D123): the same event sends one message.
  dedupe_key text,
  send_at timestamptz NOT NULL,
  -- When the realtime push of a scheduled message went out (the inbox.scheduled job).
  pushed_at timestamptz,
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  withdrawn_at timestamptz,
  PRIMARY KEY (merchant_id, id),
  CHECK ((audience = 'SEGMENT') = (vip_levels IS NOT NULL OR agent_id IS NOT NULL OR registered_from IS NOT NULL
    OR registered_to IS NOT NULL OR last_active_from IS NOT NULL OR last_active_to IS NOT NULL))
);
CREATE UNIQUE INDEX inbox_messages_dedupe_key ON inbox_messages (merchant_id, dedupe_key) WHERE dedupe_key IS NOT NULL;
CREATE INDEX inbox_messages_broadcasts ON inbox_messages (merchant_id, send_at DESC)
  WHERE audience IN ('SEGMENT', 'ALL', 'AGENTS') AND withdrawn_at IS NULL;
CREATE INDEX inbox_messages_sent ON inbox_messages (merchant_id, created_at DESC);
CREATE INDEX inbox_messages_unpushed ON inbox_messages (send_at) WHERE pushed_at IS NULL;

CREATE TABLE inbox_recipients (
  merchant_id integer NOT NULL,
  member_id bigint NOT NULL,
  message_id bigint NOT NULL,
  PRIMARY KEY (merchant_id, member_id, message_id),
  FOREIGN KEY (merchant_id, message_id) REFERENCES inbox_messages (merchant_id, id) ON DELETE CASCADE
);
CREATE INDEX inbox_recipients_message ON inbox_recipients (merchant_id, message_id);

-- A member's state of a message: read and/or deleted. No row: unread.
CREATE TABLE inbox_states (
  merchant_id integer NOT NULL,
  member_id bigint NOT NULL,
  message_id bigint NOT NULL,
  read_at timestamptz,
  deleted_at timestamptz,
  PRIMARY KEY (merchant_id, member_id, message_id),
  FOREIGN KEY (merchant_id, message_id) REFERENCES inbox_messages (merchant_id, id) ON DELETE CASCADE
);
CREATE INDEX inbox_states_message ON inbox_states (merchant_id, message_id) WHERE read_at IS NOT NULL;

-- Feedback (module feedback): a member's note to the merchant with up to three images, and staff's reply.
CREATE TABLE feedback (
  merchant_id integer NOT NULL REFERENCES merchants (id),
  id bigint GENERATED ALWAYS AS IDENTITY,
  member_id bigint NOT NULL,
  type text NOT NULL CHECK (type IN ('SUGGESTION', 'COMPLAINT', 'BUG', 'PAYMENT', 'OTHER')),
  content text NOT NULL,
  status text NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'ANSWERED', 'CLOSED')),
  reply text,
  replied_by text,
  replied_at timestamptz,
  closed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (merchant_id, id)
);
CREATE INDEX feedback_member ON feedback (merchant_id, member_id, created_at DESC);
CREATE INDEX feedback_queue ON feedback (merchant_id, status, created_at);

CREATE TABLE feedback_images (
  merchant_id integer NOT NULL,
  feedback_id bigint NOT NULL,
  position smallint NOT NULL CHECK (position BETWEEN 1 AND 3),
  content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg')),
  bytes bytea NOT NULL,
  PRIMARY KEY (merchant_id, feedback_id, position),
  FOREIGN KEY (merchant_id, feedback_id) REFERENCES feedback (merchant_id, id) ON DELETE CASCADE
);

-- The merchant's feedback rules (spec §5: content length between two configured word limits).
CREATE TABLE feedback_settings (
  merchant_id integer PRIMARY KEY REFERENCES merchants (id),
  min_words integer NOT NULL DEFAULT 5 CHECK (min_words >= 1),
  max_words integer NOT NULL DEFAULT 300 CHECK (max_words >= min_words AND max_words <= 2000)
);

-- Live customer service (module live-chat): a chat of a member or a guest, taken from the queue by a staff member.
CREATE TABLE chats (
  merchant_id integer NOT NULL REFERENCES merchants (id),
  id bigint GENERATED ALWAYS AS IDENTITY,
  member_id bigint,
  -- A guest's name and contact, and the SHA-256 of the guest's chat token (never the token).
  guest_name text,
  guest_contact text,
  guest_token_hash bytea,
  status text NOT NULL DEFAULT 'QUEUED' CHECK (status IN ('QUEUED', 'ACTIVE', 'CLOSED')),
  -- Written outside the consulting hours: it waits for staff as an offline message.
  offline boolean NOT NULL DEFAULT false,
  staff_id bigint,
  staff_name text,
  member_typing_at timestamptz,
  staff_typing_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_message_at timestamptz NOT NULL DEFAULT now(),
  closed_at timestamptz,
  PRIMARY KEY (merchant_id, id),
  CHECK ((member_id IS NULL) = (guest_token_hash IS NOT NULL))
);
CREATE INDEX chats_queue ON chats (merchant_id, status, last_message_at DESC);
CREATE INDEX chats_member ON chats (merchant_id, member_id, created_at DESC) WHERE member_id IS NOT NULL;
CREATE UNIQUE INDEX chats_guest_token ON chats (guest_token_hash) WHERE guest_token_hash IS NOT NULL;

CREATE TABLE chat_messages (
  merchant_id integer NOT NULL,
  chat_id bigint NOT NULL,
  id bigint GENERATED ALWAYS AS IDENTITY,
  sender text NOT NULL CHECK (sender IN ('CUSTOMER', 'STAFF', 'SYSTEM')),
  staff_name text,
  body text,
  image_type text CHECK (image_type IN ('image/png', 'image/jpeg')),
  image bytea,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (merchant_id, chat_id, id),
  FOREIGN KEY (merchant_id, chat_id) REFERENCES chats (merchant_id, id) ON DELETE CASCADE,
  CHECK (body IS NOT NULL OR image IS NOT NULL)
);
CREATE INDEX chat_messages_search ON chat_messages (merchant_id, created_at DESC);

-- Canned replies of the support console and the consulting hours (minutes of the day in the merchant's time zone,
-- days 1 = Monday ... 7 = Sunday; spec §2 "Monday to Friday, 12:00 to 21:00" is the default).
CREATE TABLE chat_canned_replies (
  merchant_id integer NOT NULL REFERENCES merchants (id),
  id bigint GENERATED ALWAYS AS IDENTITY,
  title text NOT NULL,
  body text NOT NULL,
  PRIMARY KEY (merchant_id, id)
);
CREATE TABLE chat_settings (
  merchant_id integer PRIMARY KEY REFERENCES merchants (id),
  days smallint[] NOT NULL DEFAULT '{1,2,3,4,5}',
  opens_minute integer NOT NULL DEFAULT 720 CHECK (opens_minute BETWEEN 0 AND 1439),
  closes_minute integer NOT NULL DEFAULT 1260 CHECK (closes_minute BETWEEN 1 AND 1440)
);
