-- Payment handles (docs/api/README.md#payments): each user's list, in the order they set it, replaced whole by
-- PUT /users/{id}/payment-methods. Personal data: read only by their owner and by someone paying them an unpaid
-- transaction (features/payments); gone with the user.
CREATE TABLE payment_methods (
  user_id  integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  position smallint NOT NULL CHECK (position >= 0 AND position < 10),
  kind     text NOT NULL CHECK (kind IN ('paynow', 'iban', 'upi', 'paypal', 'revolut', 'link')),
  value    text NOT NULL CHECK (length(value) BETWEEN 1 AND 2048),
  name     text CHECK (name IS NULL OR length(name) BETWEEN 1 AND 70),
  PRIMARY KEY (user_id, position)
);
