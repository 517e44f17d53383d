-- Audit action names, one style: <thing>.<verb> in kebab case (decision 029). Rows written before it are
-- renamed so the activity log reads one way; the entity column is unchanged.
UPDATE "audit_log" SET "action" = CASE "entity"
    WHEN 'project' THEN 'project.'
    WHEN 'sub_project' THEN 'sub-project.'
    WHEN 'olympiad' THEN 'olympiad.'
    WHEN 'question_module' THEN 'question-module.'
    WHEN 'question' THEN 'question.'
  END || "action"
WHERE "action" IN ('create', 'update', 'delete', 'reorder', 'open', 'close', 'pin', 'unpin', 'retire', 'unretire',
                   'duplicate', 'verify', 'unverify', 'import')
  AND "entity" IN ('project', 'sub_project', 'olympiad', 'question_module', 'question');
--> statement-breakpoint
UPDATE "audit_log" SET "action" = 'question.key-fix' WHERE "action" = 'key_fix';
--> statement-breakpoint
UPDATE "audit_log" SET "action" = 'question.import-qti' WHERE "action" = 'import_qti';
--> statement-breakpoint
UPDATE "audit_log" SET "action" = 'grant.create' WHERE "action" = 'grant' AND "entity" = 'olympiad_grant';
--> statement-breakpoint
UPDATE "audit_log" SET "action" = 'grant.revoke' WHERE "action" = 'revoke' AND "entity" = 'olympiad_grant';
--> statement-breakpoint
UPDATE "audit_log" SET "action" = 'unsubscribe.create' WHERE "action" = 'unsubscribe';
--> statement-breakpoint
UPDATE "audit_log" SET "action" = 'learner.import' WHERE "action" = 'learners.import';
--> statement-breakpoint
UPDATE "audit_log" SET "action" = replace("action", '_', '-') WHERE "action" IN ('user.verify_email', 'user.reset_password');
