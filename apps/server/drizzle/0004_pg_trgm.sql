-- Trigram indexes (pg_trgm) serve the overviews' substring searches (ILIKE '%…%').
-- PGlite loads the extension in db/client.ts; PostgreSQL ships it in its contrib package.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
