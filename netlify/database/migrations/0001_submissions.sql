-- The submissions store: what visitors send, and each delivery of it to the company (the outbox).
-- Applied by Netlify at deploy, by the build for any other DATABASE_URL, and by the embedded store locally
-- (src/server/store/migrate.ts). Never edit a migration once applied: add the next one.

CREATE TABLE submissions (
  id uuid PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('contact', 'newsletter', 'webinar', 'comment')),
  -- received: stored, nothing delivered yet (or nothing to deliver to); delivered: every sink took it;
  -- failed: a delivery failed and waits for its retry
  status text NOT NULL DEFAULT 'received' CHECK (status IN ('received', 'delivered', 'failed')),
  received_at timestamptz NOT NULL DEFAULT now(),
  name text NOT NULL DEFAULT '',
  email text NOT NULL,
  phone text NOT NULL DEFAULT '',
  message text NOT NULL DEFAULT '',
  page_url text NOT NULL DEFAULT '',
  -- the body as accepted (after the endpoint's checks), for the webhook and for `npm run leads show`
  fields jsonb NOT NULL,
  -- sha-256 of the accepted body: the same body again within LEAD_DEDUPE_MS is not stored twice
  fingerprint text NOT NULL,
  -- the client's address as a keyed hash (HMAC-SHA-256), never as it came
  client_hash text NOT NULL
);
CREATE INDEX submissions_received_at ON submissions (received_at);
CREATE INDEX submissions_fingerprint ON submissions (fingerprint, received_at);
CREATE INDEX submissions_email ON submissions (lower(email));

CREATE TABLE deliveries (
  submission_id uuid NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
  sink text NOT NULL CHECK (sink IN ('webhook', 'email')),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  last_attempt_at timestamptz,
  -- when the next automatic attempt is due; NULL once delivered or after the last automatic attempt
  next_attempt_at timestamptz DEFAULT now(),
  -- an attempt in progress holds the delivery until then, so two instances never send it at once
  locked_until timestamptz,
  delivered_at timestamptz,
  PRIMARY KEY (submission_id, sink)
);
CREATE INDEX deliveries_due ON deliveries (next_attempt_at) WHERE status <> 'delivered';

-- One row per accepted request in the rate limit's window, by hashed client address, shared by every instance.
CREATE TABLE rate_events (
  client_hash text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX rate_events_client ON rate_events (client_hash, at);

-- Keys the store makes for itself when the environment names none (the client-address hash key).
CREATE TABLE store_keys (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
