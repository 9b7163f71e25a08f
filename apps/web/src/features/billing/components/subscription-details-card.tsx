import type { BillingSummary } from '@agendaki/shared';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatBillingDate, getStatusLabel, type StatusLabel } from '../lib/billing-view';

const BADGE: Record<StatusLabel, 'success' | 'secondary' | 'destructive'> = {
  Ativa: 'success',
  'Período gratuito': 'secondary',
  Inativa: 'destructive',
};

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4 py-3 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-right font-medium">{children}</dd>
    </div>
  );
}

/** Status, trial end, next renewal and member-since, dated in the professional's zone. */
export function SubscriptionDetailsCard({
  summary,
  timeZone,
}: {
  summary: BillingSummary;
  timeZone: string;
}) {
  const status = getStatusLabel(summary);
  const renewal = summary.isActive
    ? summary.cancelAtPeriodEnd
      ? `Não será renovada (acesso até ${formatBillingDate(summary.currentPeriodEnd, timeZone)})`
      : formatBillingDate(summary.currentPeriodEnd, timeZone)
    : '—';
  return (
    <Card>
      <CardHeader>
        <CardTitle>Detalhes da assinatura</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="divide-y" data-testid="subscription-details">
          <Row label="Status">
            <Badge variant={BADGE[status]}>{status}</Badge>
          </Row>
          <Row label="Fim do período gratuito">{formatBillingDate(summary.trialEnd, timeZone)}</Row>
          <Row label="Próxima renovação">{renewal}</Row>
          <Row label="Membro desde">{formatBillingDate(summary.memberSince, timeZone)}</Row>
        </dl>
      </CardContent>
    </Card>
  );
}
