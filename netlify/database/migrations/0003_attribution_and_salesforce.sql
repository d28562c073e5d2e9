-- Where each lead came from, and Salesforce as a delivery beside the webhook and e-mail (docs/store.md).

-- the visit's attribution as the endpoint kept it (src/lib/attribution.ts: pages as paths, the referrer as an
-- origin, the landing URL's utm_* and ad click ids), the channel content/channels.json derives from it, and how
-- the form came: from the site's script, or posted by the browser itself without script
ALTER TABLE submissions ADD COLUMN attribution jsonb NOT NULL DEFAULT '{}';
ALTER TABLE submissions ADD COLUMN channel text NOT NULL DEFAULT '';
ALTER TABLE submissions ADD COLUMN via text NOT NULL DEFAULT 'script' CHECK (via IN ('script', 'form'));
CREATE INDEX submissions_channel ON submissions (channel, received_at);

ALTER TABLE deliveries DROP CONSTRAINT deliveries_sink_check;
ALTER TABLE deliveries ADD CONSTRAINT deliveries_sink_check CHECK (sink IN ('webhook', 'email', 'salesforce'));
-- what the sink answered to a delivery that went through (Web-to-Lead answers 200 even to fields it refuses)
ALTER TABLE deliveries ADD COLUMN answer text;

-- accept_submission (0002) with three more arguments: the attribution, the channel and how the form came.
DROP FUNCTION accept_submission(uuid, text, text, text, text, text, text, jsonb, text, text, text[], integer,
  double precision, double precision, text, text);
CREATE FUNCTION accept_submission(
  p_id uuid, p_kind text, p_name text, p_email text, p_phone text, p_message text, p_page_url text,
  p_fields jsonb, p_fingerprint text, p_client_hash text, p_sinks text[],
  p_rate_limit integer, p_rate_window_ms double precision, p_dedupe_ms double precision,
  p_page_path text, p_spam_reason text, p_attribution jsonb, p_channel text, p_via text)
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
