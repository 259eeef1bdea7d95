-- The rules' first settings were written with an English reason, which a Turkish screen then showed
-- as it was. A setting the deployment made itself has no member's reason: the screens word it in the
-- member's language (a version with neither author nor reason is the first setting).
UPDATE "fraud_rule_versions" SET "reason" = NULL
 WHERE "version" = 1 AND "created_by" IS NULL AND "reason" = 'Initial setting';
