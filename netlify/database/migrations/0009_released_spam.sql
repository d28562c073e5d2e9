-- A submission held as spam that a person released (`npm run leads -- release ID`, issue 54): its status becomes
-- 'received' and its deliveries are queued as any lead's; its spam_reason stays, for audit, and this says when it was
-- released. NULL for everything never held, and for what is still held.
ALTER TABLE submissions ADD COLUMN released_at timestamptz;
