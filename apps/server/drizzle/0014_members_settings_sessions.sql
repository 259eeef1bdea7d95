-- A member created by a super signs in with a one-time password and must choose their own first.
ALTER TABLE "staff_members" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;
