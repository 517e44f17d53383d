-- Uploaded images are kept re-encoded (decision 067): the copy at most 2000 px on its long side, and, for an image
-- wider than 800 px, a phone copy 800 px wide in storage under this key, served for `?w=800`.
ALTER TABLE "uploads" ADD COLUMN "phone_filename" text;
