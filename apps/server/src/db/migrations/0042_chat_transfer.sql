-- Live chat transfer to a named colleague (issue 22, ADR 0040): a transfer's note is a staff-internal line of the
-- chat, kept with the transcript and never answered to the customer.
ALTER TABLE chat_messages ADD COLUMN internal boolean NOT NULL DEFAULT false;
