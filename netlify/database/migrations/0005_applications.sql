-- Job applications (issue 36): a fifth kind of submission, whose CV file lives in the blob store (Netlify Blobs; a
-- local one under .data/ elsewhere: src/server/store/cv-files.ts) and is pointed to by its row (docs/store.md).

ALTER TABLE submissions DROP CONSTRAINT submissions_kind_check;
ALTER TABLE submissions ADD CONSTRAINT submissions_kind_check
  CHECK (kind IN ('contact', 'newsletter', 'webinar', 'comment', 'application'));

-- the CV: its key in the blob store, the name it is filed and mailed under, its kind by its bytes, and its size;
-- set only on an application that was stored (spam and duplicates keep no file)
ALTER TABLE submissions ADD COLUMN cv_key text;
ALTER TABLE submissions ADD COLUMN cv_name text;
ALTER TABLE submissions ADD COLUMN cv_kind text CHECK (cv_kind IN ('pdf', 'docx', 'odt'));
ALTER TABLE submissions ADD COLUMN cv_size integer CHECK (cv_size > 0);
CREATE UNIQUE INDEX submissions_cv_key ON submissions (cv_key) WHERE cv_key IS NOT NULL;

-- An application in one round trip: accept_submission (the rate limit, the duplicate check, the row and its
-- deliveries, under its locks), then the CV's pointer on the row it stored, in the same transaction. The endpoint
-- puts the file in the blob store first and deletes it again on any outcome but 'stored'.
CREATE FUNCTION accept_application(
  p_id uuid, p_kind text, p_name text, p_email text, p_phone text, p_message text, p_page_url text,
  p_fields jsonb, p_fingerprint text, p_client_hash text, p_sinks text[],
  p_rate_limit integer, p_rate_window_ms double precision, p_dedupe_ms double precision,
  p_page_path text, p_spam_reason text, p_attribution jsonb, p_channel text, p_via text,
  p_cv_key text, p_cv_name text, p_cv_kind text, p_cv_size integer)
RETURNS TABLE (outcome text, submission_id uuid, retry_after_ms double precision)
LANGUAGE plpgsql AS $$
DECLARE
  v_result record;
BEGIN
  SELECT * INTO v_result FROM accept_submission(p_id, p_kind, p_name, p_email, p_phone, p_message, p_page_url,
    p_fields, p_fingerprint, p_client_hash, p_sinks, p_rate_limit, p_rate_window_ms, p_dedupe_ms, p_page_path,
    p_spam_reason, p_attribution, p_channel, p_via);
  IF v_result.outcome = 'stored' THEN
    UPDATE submissions SET cv_key = p_cv_key, cv_name = p_cv_name, cv_kind = p_cv_kind, cv_size = p_cv_size
     WHERE id = p_id;
  END IF;
  RETURN QUERY SELECT v_result.outcome, v_result.submission_id, v_result.retry_after_ms;
END $$;
