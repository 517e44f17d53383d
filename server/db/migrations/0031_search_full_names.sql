-- The overlord's search finds a person by their full name in either order (decision 037): the first name written on
-- both sides of the last holds "first last" and "last first" in one text, through one trigram index.
CREATE INDEX "users_full_name_trgm_idx" ON "users" USING gin (lower("first_name" || ' ' || "last_name" || ' ' || "first_name") gin_trgm_ops);
