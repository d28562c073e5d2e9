-- Issue 54: every request to an endpoint that changes state or sends mail counts toward its client's limit, refused
-- ones included, so the limit is taken before anything is read (src/server/rate-limit.ts), no longer inside
-- accept_submission, which only a request that passed every rule reached (docs/security.md#limits).

-- A bucket is now one endpoint's budget for one client (`<budget>:<hashed client>`, the key column keeps its old
-- name), and budgets have windows of their own (a minute, a day): a bucket is deleted once it has been full for its
-- own window.
ALTER TABLE rate_limits ADD COLUMN window_ms double precision NOT NULL DEFAULT 60000;

-- Takes one token of a bucket that holds at most p_limit and gets them back at p_limit per p_window_ms. Returns null
-- when a token was taken, else how many milliseconds until one is back (the request is then refused, and takes
-- nothing: a client that keeps sending is let in again as soon as the budget allows).
CREATE FUNCTION take_token(p_bucket text, p_limit double precision, p_window_ms double precision)
RETURNS double precision
LANGUAGE plpgsql AS $$
DECLARE
  v_now timestamptz;
  v_tokens double precision;
  v_updated timestamptz;
BEGIN
  PERFORM pg_advisory_xact_lock(4, hashtext(p_bucket));
  v_now := clock_timestamp();
  SELECT tokens, updated_at INTO v_tokens, v_updated FROM rate_limits WHERE client_hash = p_bucket;
  v_tokens := CASE WHEN v_updated IS NULL THEN p_limit
    ELSE least(p_limit, v_tokens + extract(epoch FROM v_now - v_updated) * 1000 * p_limit / p_window_ms) END;
  IF v_tokens < 1 THEN
    RETURN (1 - v_tokens) * p_window_ms / p_limit;
  END IF;
  INSERT INTO rate_limits (client_hash, tokens, updated_at, window_ms) VALUES (p_bucket, v_tokens - 1, v_now, p_window_ms)
    ON CONFLICT (client_hash) DO UPDATE
      SET tokens = excluded.tokens, updated_at = excluded.updated_at, window_ms = excluded.window_ms;
  RETURN NULL;
END $$;

-- accept_submission (0003) without its rate limit: the duplicate check and the insert, under the fingerprint's
-- lock. Its arguments stay as they were (accept_application calls it by them); p_rate_limit and p_rate_window_ms
-- are no longer read.
CREATE OR REPLACE FUNCTION accept_submission(
  p_id uuid, p_kind text, p_name text, p_email text, p_phone text, p_message text, p_page_url text,
  p_fields jsonb, p_fingerprint text, p_client_hash text, p_sinks text[],
  p_rate_limit integer, p_rate_window_ms double precision, p_dedupe_ms double precision,
  p_page_path text, p_spam_reason text, p_attribution jsonb, p_channel text, p_via text)
RETURNS TABLE (outcome text, submission_id uuid, retry_after_ms double precision)
LANGUAGE plpgsql AS $$
DECLARE
  v_now timestamptz;
  v_existing uuid;
BEGIN
  PERFORM pg_advisory_xact_lock(2, hashtext(p_fingerprint));
  v_now := clock_timestamp();
  SELECT id INTO v_existing FROM submissions
    WHERE fingerprint = p_fingerprint AND received_at > v_now - p_dedupe_ms * interval '1 millisecond'
    LIMIT 1;
  IF v_existing IS NOT NULL THEN
    RETURN QUERY SELECT 'duplicate'::text, v_existing, NULL::double precision;
    RETURN;
  END IF;
  INSERT INTO submissions (id, kind, name, email, phone, message, page_url, page_path, fields, fingerprint,
                           client_hash, received_at, status, spam_reason, moderation, attribution, channel, via)
    VALUES (p_id, p_kind, p_name, p_email, p_phone, p_message, p_page_url, p_page_path, p_fields, p_fingerprint,
            p_client_hash, v_now, CASE WHEN p_spam_reason IS NULL THEN 'received' ELSE 'spam' END, p_spam_reason,
            CASE WHEN p_kind = 'comment' AND p_spam_reason IS NULL THEN 'pending' END, p_attribution, p_channel,
            p_via);
  IF p_spam_reason IS NULL THEN
    INSERT INTO deliveries (submission_id, sink, next_attempt_at) SELECT p_id, sink, v_now FROM unnest(p_sinks) AS sink;
  END IF;
  RETURN QUERY SELECT CASE WHEN p_spam_reason IS NULL THEN 'stored' ELSE 'spam' END, p_id, NULL::double precision;
END $$;
