-- The clinic's currency (an ISO 4217 code): every amount on every screen, the receipt PDF and the
-- Stripe Checkout session use it. Argentine pesos unless the clinic says otherwise.
ALTER TABLE clinics ADD COLUMN currency text NOT NULL DEFAULT 'ARS';
