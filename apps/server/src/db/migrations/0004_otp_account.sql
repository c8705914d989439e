-- otp_codes.user_id: the account a code was issued for (issue 17). A code verifies only that account, and goes
-- with it: when an unverified account is replaced by a later sign-up with the same email, the old account's codes
-- are deleted with it, so a code mailed before the replacement never verifies the replacement.
-- Independent of the other migrations of 2026-11-25: touches otp_codes only.
ALTER TABLE otp_codes ADD COLUMN user_id integer REFERENCES users (id) ON DELETE CASCADE;
-- Codes are only ever issued to an email with an account; pending ones (10 minutes at most) keep working.
UPDATE otp_codes o SET user_id = u.id FROM users u WHERE u.email = o.email;
DELETE FROM otp_codes WHERE user_id IS NULL;
ALTER TABLE otp_codes ALTER COLUMN user_id SET NOT NULL;
CREATE INDEX otp_codes_user_idx ON otp_codes (user_id);
