CREATE INDEX "whatsapp_inbound_received_at_idx" ON "whatsapp_inbound" USING btree ("received_at");--> statement-breakpoint
-- Clients' phones in E.164 (issue 47), as features/clients now writes them (lib/phone.ts
-- toStoredPhone). In SQL, the Brazilian numbers libphonenumber-js reads the same way: a national
-- number of a valid DDD (10 digits for a landline, 11 for a mobile), typed alone, after the
-- trunk 0, or after 55 with or without "+" (and a 0 after it). Anything else stays as typed,
-- though a write would read a few more kinds (0800, shared-cost numbers): no client has those.
UPDATE "clients" AS c
SET "phone" = '+55' || p.national
FROM (
  SELECT "professional_id", "id",
    CASE
      WHEN "phone" ~ '^\s*\+' THEN CASE WHEN d LIKE '55%' THEN regexp_replace(substr(d, 3), '^0', '') END
      WHEN length(d) IN (12, 13) AND d LIKE '55%' THEN regexp_replace(substr(d, 3), '^0', '')
      WHEN length(d) IN (11, 12) AND d LIKE '0%' THEN substr(d, 2)
      ELSE d
    END AS national
  FROM (
    SELECT "professional_id", "id", "phone", regexp_replace("phone", '\D', '', 'g') AS d
    FROM "clients"
    WHERE "phone" IS NOT NULL
  ) AS digits
) AS p
WHERE c."professional_id" = p."professional_id"
  AND c."id" = p."id"
  AND p.national ~ '^([14689][1-9]|2[12478]|3[1-578]|5[13-5]|7[13-579])(9[0-9]{8}|7[0-9]{7}|[2-5][0-9]{7})$'
  AND c."phone" <> '+55' || p.national;
