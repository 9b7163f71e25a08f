-- Mail is delivered by pg-boss jobs now (docs/decisions/008-job-queue.md); db/migrate.ts
-- installs pg-boss and its queues before these migrations. Mail still pending from the old
-- timer worker gets its job here, due when the old worker would have tried it. A database
-- with no pending mail (every fresh one) never runs the INSERT, which names pg-boss's table.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM "mail_outbox" WHERE "status" = 'pending') THEN
    EXECUTE $insert$
      INSERT INTO pgboss.job (id, name, data, start_after, retry_limit, retry_delay, retry_backoff, expire_in, policy)
      SELECT m.id, q.name, jsonb_build_object('mailId', m.id), m.next_attempt_at,
             q.retry_limit, q.retry_delay, q.retry_backoff, q.expire_seconds * interval '1 second', q.policy
        FROM "mail_outbox" m CROSS JOIN pgboss.queue q
       WHERE m.status = 'pending' AND q.name = 'mail'
      ON CONFLICT DO NOTHING
    $insert$;
  END IF;
END
$$;--> statement-breakpoint
DROP INDEX "mail_outbox_due_idx";--> statement-breakpoint
CREATE INDEX "mail_outbox_status_idx" ON "mail_outbox" USING btree ("status","sent_at");--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP COLUMN "next_attempt_at";
