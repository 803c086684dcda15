-- Money through the cashier as a ledger (ADR 040): a row when a payment's money arrives, and a row when it goes back.
-- What the platform keeps is what arrived minus what went back, and no order keeps more than its total.
CREATE TABLE payment_entries (
  id INTEGER PRIMARY KEY,
  payment_id INTEGER NOT NULL REFERENCES payments (id),
  order_id INTEGER NOT NULL REFERENCES orders (id),
  kind TEXT NOT NULL CHECK (kind IN ('received', 'refunded')),
  amount_fen INTEGER NOT NULL CHECK (amount_fen >= 0),
  -- Why money went back: the order had ended (cancelled or expired), another attempt had paid it, the buyer owned the
  -- course through another order, or an operator refunded it. Money received has no reason.
  reason TEXT CHECK (reason IN ('orderEnded', 'orderPaid', 'courseOwned', 'operator')),
  at TEXT NOT NULL,
  CHECK ((kind = 'refunded') = (reason IS NOT NULL)),
  -- A payment's money arrives once and goes back at most once.
  UNIQUE (payment_id, kind)
);
CREATE INDEX payment_entries_by_order ON payment_entries (order_id, kind);

-- Payments the engine itself declined when their order was cancelled, expired or paid again (the provider had said
-- nothing): their outcome is the provider's to tell, so they wait for its notice again. The engine wrote the order's
-- event, or the next attempt, within a second of declining them (it read the clock twice); a provider's decline comes
-- on its own notice, later.
UPDATE payments SET status = 'pending', settled_at = NULL
WHERE status = 'declined'
  AND (
    EXISTS (SELECT 1 FROM order_events e WHERE e.order_id = payments.order_id AND e.to_status IN ('cancelled', 'expired') AND ABS(julianday(e.at) - julianday(payments.settled_at)) * 86400 < 1)
    OR EXISTS (SELECT 1 FROM payments later WHERE later.order_id = payments.order_id AND later.id > payments.id AND ABS(julianday(later.created_at) - julianday(payments.settled_at)) * 86400 < 1)
  );

-- The money that moved before the ledger: every payment that succeeded arrived; a refunded one arrived and went back
-- (an operator's refund when its order is refunded, otherwise money for an order that had ended).
INSERT INTO payment_entries (payment_id, order_id, kind, amount_fen, reason, at)
SELECT id, order_id, 'received', amount_fen, NULL, COALESCE(settled_at, created_at) FROM payments WHERE status IN ('succeeded', 'refunded');
INSERT INTO payment_entries (payment_id, order_id, kind, amount_fen, reason, at)
SELECT p.id, p.order_id, 'refunded', p.amount_fen, CASE WHEN o.status = 'refunded' THEN 'operator' ELSE 'orderEnded' END, COALESCE(p.settled_at, p.created_at)
FROM payments p JOIN orders o ON o.id = p.order_id WHERE p.status = 'refunded';
