-- Every core (decision 040): a server process keeps an olympiad's paper (its row, modules and live questions) in
-- memory (server/features/sitting/catalogue.ts). Any change to those rows, by any process and by any code path,
-- announces the olympiad's id on the channel `olympus_catalogue` when its transaction commits; every process
-- listens (server/platform/change-feed.ts) and forgets that olympiad's paper at once. PostgreSQL folds identical
-- notifications of one transaction into one, so a bulk import announces each olympiad once. An update that
-- changes nothing announces nothing (compared as jsonb, which any column type can be turned into).
CREATE OR REPLACE FUNCTION olympus_announce_olympiad() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('olympus_catalogue', OLD.id::text);
    RETURN OLD;
  END IF;
  PERFORM pg_notify('olympus_catalogue', NEW.id::text);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION olympus_announce_module() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM pg_notify('olympus_catalogue', OLD.olympiad_id::text);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM pg_notify('olympus_catalogue', NEW.olympiad_id::text);
    RETURN NEW;
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION olympus_announce_question() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  found integer;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT olympiad_id INTO found FROM question_modules WHERE id = OLD.module_id;
    IF found IS NOT NULL THEN
      PERFORM pg_notify('olympus_catalogue', found::text);
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT olympiad_id INTO found FROM question_modules WHERE id = NEW.module_id;
    IF found IS NOT NULL THEN
      PERFORM pg_notify('olympus_catalogue', found::text);
    END IF;
    RETURN NEW;
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER olympiads_announce AFTER INSERT OR DELETE ON olympiads
  FOR EACH ROW EXECUTE FUNCTION olympus_announce_olympiad();
--> statement-breakpoint
CREATE TRIGGER olympiads_announce_update AFTER UPDATE ON olympiads
  FOR EACH ROW WHEN (to_jsonb(OLD) IS DISTINCT FROM to_jsonb(NEW)) EXECUTE FUNCTION olympus_announce_olympiad();
--> statement-breakpoint
CREATE TRIGGER question_modules_announce AFTER INSERT OR DELETE ON question_modules
  FOR EACH ROW EXECUTE FUNCTION olympus_announce_module();
--> statement-breakpoint
CREATE TRIGGER question_modules_announce_update AFTER UPDATE ON question_modules
  FOR EACH ROW WHEN (to_jsonb(OLD) IS DISTINCT FROM to_jsonb(NEW)) EXECUTE FUNCTION olympus_announce_module();
--> statement-breakpoint
CREATE TRIGGER questions_announce AFTER INSERT OR DELETE ON questions
  FOR EACH ROW EXECUTE FUNCTION olympus_announce_question();
--> statement-breakpoint
CREATE TRIGGER questions_announce_update AFTER UPDATE ON questions
  FOR EACH ROW WHEN (to_jsonb(OLD) IS DISTINCT FROM to_jsonb(NEW)) EXECUTE FUNCTION olympus_announce_question();
