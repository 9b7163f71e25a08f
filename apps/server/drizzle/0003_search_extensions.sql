-- Search of clients and appointments that ignores case and accents ("joao" finds "João") and
-- finds a phone by any part of its digits ("98765" finds "(11) 98765-4321"). unaccent and
-- pg_trgm are trusted contrib extensions on PostgreSQL 13+ and ship with PGlite.
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could change), so an index cannot use it; this
-- wrapper names the dictionary explicitly and is declared IMMUTABLE, the usual way to index it.
-- Names are schema-qualified so the function behaves the same under any search_path (restores).
CREATE OR REPLACE FUNCTION public.agendaki_unaccent(value text)
  RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, value) $$;
--> statement-breakpoint
-- What a client search matches: name and e-mail without case or accents, then the phone's digits.
CREATE OR REPLACE FUNCTION public.agendaki_client_search_text(name text, email text, phone text)
  RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT public.agendaki_unaccent(lower(coalesce(name, '') || ' ' || coalesce(email, '')))
      || ' ' || regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g')
  $$;
