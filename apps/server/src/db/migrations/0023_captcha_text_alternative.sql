-- The captcha's text question for people who cannot see its picture (ADR 0021): a site feature the merchant turns
-- on in the back office, off until then.
INSERT INTO merchant_whitelabel_modules (merchant_id, mod_id, parent_mod_id, enabled, sort)
SELECT id, 'CAPTCHATEXT3', NULL, false, 100 FROM merchants
ON CONFLICT (merchant_id, mod_id) DO NOTHING;
