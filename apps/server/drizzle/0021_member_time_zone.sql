-- A member's display time zone for reports (issue 14): an IANA name; null until chosen (the browser's
-- zone then stands).
ALTER TABLE "staff_members" ADD COLUMN "time_zone" text;
