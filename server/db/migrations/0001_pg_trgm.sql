-- Trigram search: Chinese titles are searched with ILIKE, served by a trigram index (STACK.md).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
