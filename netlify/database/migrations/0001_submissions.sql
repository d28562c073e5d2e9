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

-- The rate limit, shared by every instance: a token bucket per hashed client address. A client starts with
-- LEAD_RATE_LIMIT tokens, each accepted request takes one, and they come back at LEAD_RATE_LIMIT per
-- LEAD_RATE_WINDOW_MS. A row whose bucket has been full for a window says nothing and is deleted.
CREATE TABLE rate_limits (
  client_hash text PRIMARY KEY,
  tokens double precision NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX rate_limits_updated_at ON rate_limits (updated_at);

-- Keys the store makes for itself when the environment names none (the client-address hash key).
CREATE TABLE store_keys (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The endpoint's one round trip per submission: the rate limit, the duplicate check and the insert, under
-- transaction-scoped advisory locks on the client and on the body, so both checks hold across every function
-- instance that shares the database. Always the client's lock first, then the body's: no two calls can wait on
-- each other. Inside a function each statement sees what committed before it, so what another call committed
-- while this one waited for a lock is seen. Outcomes: stored, duplicate (of submission_id) or limited (retry
-- after retry_after_ms).
CREATE FUNCTION accept_submission(
  p_id uuid, p_kind text, p_name text, p_email text, p_phone text, p_message text, p_page_url text,
  p_fields jsonb, p_fingerprint text, p_client_hash text, p_sinks text[],
  p_rate_limit integer, p_rate_window_ms double precision, p_dedupe_ms double precision)
RETURNS TABLE (outcome text, submission_id uuid, retry_after_ms double precision)
LANGUAGE plpgsql AS $$
DECLARE
  v_now timestamptz;
  v_tokens double precision;
  v_updated timestamptz;
  v_existing uuid;
BEGIN
  PERFORM pg_advisory_xact_lock(1, hashtext(p_client_hash));
  PERFORM pg_advisory_xact_lock(2, hashtext(p_fingerprint));
  v_now := clock_timestamp();
  SELECT tokens, updated_at INTO v_tokens, v_updated FROM rate_limits WHERE client_hash = p_client_hash;
  v_tokens := CASE WHEN v_updated IS NULL THEN p_rate_limit
    ELSE least(p_rate_limit, v_tokens + extract(epoch FROM v_now - v_updated) * 1000 * p_rate_limit / p_rate_window_ms) END;
  IF v_tokens < 1 THEN
    RETURN QUERY SELECT 'limited'::text, NULL::uuid, (1 - v_tokens) * p_rate_window_ms / p_rate_limit;
    RETURN;
  END IF;
  INSERT INTO rate_limits (client_hash, tokens, updated_at) VALUES (p_client_hash, v_tokens - 1, v_now)
    ON CONFLICT (client_hash) DO UPDATE SET tokens = excluded.tokens, updated_at = excluded.updated_at;
  SELECT id INTO v_existing FROM submissions
    WHERE fingerprint = p_fingerprint AND received_at > v_now - p_dedupe_ms * interval '1 millisecond'
    LIMIT 1;
  IF v_existing IS NOT NULL THEN
    RETURN QUERY SELECT 'duplicate'::text, v_existing, NULL::double precision;
    RETURN;
  END IF;
  INSERT INTO submissions (id, kind, name, email, phone, message, page_url, fields, fingerprint, client_hash, received_at)
    VALUES (p_id, p_kind, p_name, p_email, p_phone, p_message, p_page_url, p_fields, p_fingerprint, p_client_hash,
            v_now);
  INSERT INTO deliveries (submission_id, sink, next_attempt_at) SELECT p_id, sink, v_now FROM unnest(p_sinks) AS sink;
  RETURN QUERY SELECT 'stored'::text, p_id, NULL::double precision;
END $$;
