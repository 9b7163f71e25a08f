import { AUDIT_ACTION_LABELS } from '@agendaki/shared';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { getErrorMessage } from '@/lib/api-client';
import { useAuditLog } from '../api/get-audit-log';
import { formatInstant } from '../lib/format-admin';

/** "Registro de ações": who did what to which account, when and why (the latest 200). */
export function AuditLogSection() {
  const query = useAuditLog();
  return (
    <section aria-labelledby="admin-audit" className="space-y-3">
      <h2 id="admin-audit" className="text-lg font-semibold">
        Registro de ações
      </h2>
      {query.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : query.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {getErrorMessage(query.error)}
        </p>
      ) : query.data.entries.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">Nenhuma ação registrada.</p>
      ) : (
        <Card className="py-0">
          <CardContent className="px-0">
            <ol aria-label="Ações registradas" className="divide-y">
              {query.data.entries.map((entry) => (
                <li key={entry.id} className="grid gap-0.5 px-4 py-3 text-sm">
                  <p>
                    <span className="font-medium">{AUDIT_ACTION_LABELS[entry.action]}</span>
                    {entry.detail ? ` (${entry.detail})` : ''} · {entry.subjectEmail}
                  </p>
                  <p className="break-words whitespace-pre-line">Motivo: {entry.reason}</p>
                  <p className="text-xs text-muted-foreground">
                    {formatInstant(entry.at)} · por {entry.operatorEmail}
                  </p>
                </li>
              ))}
            </ol>
          </CardContent>
        </Card>
      )}
    </section>
  );
}
