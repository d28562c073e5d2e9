-- Bookings (issue 44): a consultation booked through Calendly, received by its webhook (netlify/functions/calendly.ts)
-- and kept as a submission of its own kind, delivered through the outbox like any lead (docs/store.md#bookings).

ALTER TABLE submissions DROP CONSTRAINT submissions_kind_check;
ALTER TABLE submissions ADD CONSTRAINT submissions_kind_check
  CHECK (kind IN ('contact', 'newsletter', 'webinar', 'comment', 'application', 'booking'));
-- calendly: sent by Calendly's webhook, neither by the site's script nor by a browser's own form post
ALTER TABLE submissions DROP CONSTRAINT submissions_via_check;
ALTER TABLE submissions ADD CONSTRAINT submissions_via_check CHECK (via IN ('script', 'form', 'calendly'));

-- the booking's invitee in Calendly (its URI): one submission an invitee, however often Calendly retries a webhook
ALTER TABLE submissions ADD COLUMN invitee_uri text;
CREATE UNIQUE INDEX submissions_invitee_uri ON submissions (invitee_uri) WHERE invitee_uri IS NOT NULL;
-- when the invitee or the host cancelled the booking; NULL while it stands (a booking moved to another time is not
-- cancelled: its new time is a booking of its own, which names the first in rescheduled_from)
ALTER TABLE submissions ADD COLUMN cancelled_at timestamptz;
-- a booking moved to another time: the first booking of the same lead (not a foreign key: an erasure rewrites the
-- table, and the two rows share an e-mail address, so they go together)
ALTER TABLE submissions ADD COLUMN rescheduled_from uuid;

-- A booking in one round trip: the row and its deliveries, or nothing when its invitee is stored already (a retried
-- webhook: the unique index decides, across every instance, and a second insert waits for the first to commit).
-- A booking that moves an earlier one (p_previous_uri, Calendly's old_invitee) names that one's first booking and is
-- not posted to Web-to-Lead again: the lead is in Salesforce already. Outcomes: stored, or duplicate (of
-- submission_id).
CREATE FUNCTION accept_booking(
  p_id uuid, p_invitee_uri text, p_previous_uri text, p_name text, p_email text, p_phone text, p_message text,
  p_fields jsonb, p_fingerprint text, p_attribution jsonb, p_channel text, p_sinks text[])
RETURNS TABLE (outcome text, submission_id uuid)
LANGUAGE plpgsql AS $$
DECLARE
  v_now timestamptz := clock_timestamp();
  v_first uuid;
  v_sinks text[] := p_sinks;
  v_stored uuid;
BEGIN
  IF p_previous_uri IS NOT NULL THEN
    SELECT coalesce(s.rescheduled_from, s.id) INTO v_first FROM submissions s WHERE s.invitee_uri = p_previous_uri;
    IF v_first IS NOT NULL THEN
      v_sinks := array_remove(v_sinks, 'salesforce');
    END IF;
  END IF;
  INSERT INTO submissions (id, kind, name, email, phone, message, fields, fingerprint, client_hash, received_at,
                           attribution, channel, via, invitee_uri, rescheduled_from)
    VALUES (p_id, 'booking', p_name, p_email, p_phone, p_message, p_fields, p_fingerprint, '', v_now,
            p_attribution, p_channel, 'calendly', p_invitee_uri, v_first)
    ON CONFLICT (invitee_uri) WHERE invitee_uri IS NOT NULL DO NOTHING
    RETURNING id INTO v_stored;
  IF v_stored IS NULL THEN
    RETURN QUERY SELECT 'duplicate'::text, s.id FROM submissions s WHERE s.invitee_uri = p_invitee_uri;
    RETURN;
  END IF;
  INSERT INTO deliveries (submission_id, sink, next_attempt_at) SELECT p_id, sink, v_now FROM unnest(v_sinks) AS sink;
  RETURN QUERY SELECT 'stored'::text, p_id;
END $$;
