-- Every core (decision 040, decision 052): each server process keeps the runtime settings (system config) a few
-- seconds. A change to the row, by any process or by hand, announces itself on `olympus_settings` when its
-- transaction commits; every process listens (server/platform/change-feed.ts) and reads the row again on its next
-- use, so the maintenance banner appears and goes at once on every process.
CREATE OR REPLACE FUNCTION olympus_announce_settings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('olympus_settings', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER system_config_announce AFTER INSERT OR UPDATE OR DELETE ON system_config
  FOR EACH STATEMENT EXECUTE FUNCTION olympus_announce_settings();
