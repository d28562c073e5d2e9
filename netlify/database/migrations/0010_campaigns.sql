-- Campaign pages (issue 61): a lead sent from a campaign's form keeps, in its fields, the campaign's page
-- (`campaign`) and the answers to the campaign's own questions, a line a question (`answers`), as the endpoint
-- checked them against the campaign's file (src/server/lead-check.ts). Columns of their own, written by the store
-- from those fields as a row is written, so that a campaign's leads are found and counted without reading every
-- row's fields. A trigger rather than generated columns: the erasure copies rows whole (INSERT ... SELECT *), which
-- a generated column refuses.
ALTER TABLE submissions ADD COLUMN campaign text;
ALTER TABLE submissions ADD COLUMN answers text;
CREATE INDEX submissions_campaign ON submissions (campaign, received_at) WHERE campaign IS NOT NULL;

CREATE FUNCTION submissions_campaign_columns() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.campaign := NULLIF(NEW.fields ->> 'campaign', '');
  NEW.answers := NULLIF(NEW.fields ->> 'answers', '');
  RETURN NEW;
END $$;

CREATE TRIGGER submissions_campaign_columns BEFORE INSERT OR UPDATE OF fields ON submissions
  FOR EACH ROW EXECUTE FUNCTION submissions_campaign_columns();
