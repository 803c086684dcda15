-- A buyer's request to refund a paid order (ADR 080): the reason chosen from a list, the buyer's own words, the amount
-- (what was paid, in fen), and the operator's decision. The order itself moves to refunded only when a request is
-- approved; a declined request leaves it paid, and the buyer may ask again.
CREATE TABLE refund_requests (
  id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders (id),
  user_id INTEGER NOT NULL REFERENCES users (id),
  reason TEXT NOT NULL CHECK (reason IN ('notWanted', 'wrongItem', 'quality', 'notReceived', 'duplicate', 'other')),
  note TEXT NOT NULL DEFAULT '',
  amount_fen INTEGER NOT NULL CHECK (amount_fen >= 0),
  status TEXT NOT NULL DEFAULT 'requested' CHECK (status IN ('requested', 'refunded', 'declined')),
  decline_reason TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL,
  decided_at TEXT
);
-- At most one request of an order waits for a decision at a time.
CREATE UNIQUE INDEX refund_requests_one_open ON refund_requests (order_id) WHERE status = 'requested';
CREATE INDEX refund_requests_by_user ON refund_requests (user_id, order_id);
