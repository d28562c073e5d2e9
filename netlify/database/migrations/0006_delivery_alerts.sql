-- A person told when a delivery stops (issue 44): a delivery that failed its last automatic attempt is stuck
-- (status 'failed', next_attempt_at NULL: outbox.ts sets both in the UPDATE that records that attempt), and the
-- sales mailbox gets one message about it from the scheduled delivery (src/server/delivery-alert.ts).

-- when that message went out; NULL while it has not
ALTER TABLE deliveries ADD COLUMN alerted_at timestamptz;
-- a sender holds the message until then (as locked_until holds an attempt), so two never send it at once
ALTER TABLE deliveries ADD COLUMN alert_locked_until timestamptz;
CREATE INDEX deliveries_stuck ON deliveries (last_attempt_at) WHERE status = 'failed' AND next_attempt_at IS NULL;
