-- The newsletter's double opt-in, and the limit on mail the site sends to a visitor's address (docs/store.md).

-- One row an address: unconfirmed until its owner presses the confirmation link's button, confirmed (the proof of
-- consent: when, and from which hashed client), unsubscribed by the link every mail to a subscriber carries.
-- Unconfirmed rows are deleted after 30 days; only confirmed addresses are on the list marketing exports.
CREATE TABLE subscribers (
  id uuid PRIMARY KEY,
  email text NOT NULL,
  status text NOT NULL DEFAULT 'unconfirmed' CHECK (status IN ('unconfirmed', 'confirmed', 'unsubscribed')),
  created_at timestamptz NOT NULL DEFAULT now(),
  confirmed_at timestamptz,
  confirmed_by text,
  unsubscribed_at timestamptz
);
CREATE UNIQUE INDEX subscribers_email ON subscribers (lower(email));

-- Mail the site sends to a visitor's own address (a subscription's confirmation, a webinar's): at most one a
-- topic a day for each address, so that nobody can use the forms to flood a stranger's inbox.
CREATE TABLE visitor_mail (
  email text NOT NULL,
  topic text NOT NULL,
  sent_at timestamptz NOT NULL,
  PRIMARY KEY (email, topic)
);

ALTER TABLE deliveries DROP CONSTRAINT deliveries_sink_check;
-- visitor: mail to the visitor's own address (a confirmation), beside the company's sinks
ALTER TABLE deliveries ADD CONSTRAINT deliveries_sink_check
  CHECK (sink IN ('webhook', 'email', 'salesforce', 'visitor'));
