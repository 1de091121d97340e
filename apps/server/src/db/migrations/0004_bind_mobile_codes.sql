-- Codes for binding a mobile number from the member centre get a purpose of their own. Their destination is
-- `<member id>:<number>`: a bind code is good only for the member who asked for it.
ALTER TABLE verification_codes DROP CONSTRAINT verification_codes_purpose_check;
ALTER TABLE verification_codes
  ADD CONSTRAINT verification_codes_purpose_check CHECK (purpose IN ('LOGIN', 'REGISTER', 'FORGOT', 'BIND'));
