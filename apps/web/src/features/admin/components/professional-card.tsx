import { ACCOUNT_STATE_LABELS, type AdminProfessional } from '@agendaki/shared';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import type { AdminActionKind } from '../api/run-action';
import { formatDay, formatInstant } from '../lib/format-admin';

function stateText(professional: AdminProfessional): string {
  if (!professional.state) return 'Sem assinatura';
  if (professional.state !== 'trial') return ACCOUNT_STATE_LABELS[professional.state];
  const days = professional.trialDaysLeft;
  return `Teste grátis · ${days} ${days === 1 ? 'dia restante' : 'dias restantes'}`;
}

export interface ProfessionalCardProps {
  professional: AdminProfessional;
  onAction: (kind: AdminActionKind) => void;
}

/** One account: who, since when, what she pays, how active; never her clients or agenda. */
export function ProfessionalCard({ professional: p, onAction }: ProfessionalCardProps) {
  const canExtend = p.state === 'trial' || p.state === 'expired';
  return (
    <Card className="gap-3" role="article" aria-label={`${p.professionalName} (${p.email})`}>
      <CardContent className="grid gap-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <p className="font-semibold">{p.professionalName}</p>
            <p className="text-sm text-muted-foreground">{p.businessName}</p>
            <p className="text-sm break-all">{p.email}</p>
            <p className="text-sm break-all text-muted-foreground">/book/{p.customLink}</p>
          </div>
          <div className="flex flex-wrap gap-1.5">
            {p.suspended ? <Badge variant="destructive">Suspensa</Badge> : null}
            <Badge variant={p.state === 'active' ? 'success' : 'secondary'}>{stateText(p)}</Badge>
            <Badge variant={p.emailConfirmed ? 'outline' : 'destructive'}>
              {p.emailConfirmed ? 'E-mail confirmado' : 'E-mail não confirmado'}
            </Badge>
          </div>
        </div>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-muted-foreground">Cadastro</dt>
            <dd>{formatDay(p.signedUpAt)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Último acesso</dt>
            <dd>{p.lastSignInAt ? formatInstant(p.lastSignInAt) : 'Nunca'}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Fim do teste</dt>
            <dd>{p.trialEnd ? formatDay(p.trialEnd) : '—'}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Agendamentos (30 dias)</dt>
            <dd className="tabular-nums">{p.appointmentsLast30Days}</dd>
          </div>
        </dl>
        <div className="flex flex-wrap gap-2">
          {!p.emailConfirmed ? (
            <Button size="sm" variant="outline" onClick={() => onAction('resend-confirmation')}>
              Reenviar confirmação
            </Button>
          ) : null}
          {canExtend ? (
            <Button size="sm" variant="outline" onClick={() => onAction('extend-trial')}>
              Estender teste
            </Button>
          ) : null}
          {p.suspended ? (
            <Button size="sm" variant="outline" onClick={() => onAction('reactivate')}>
              Reativar
            </Button>
          ) : (
            <Button size="sm" variant="destructive" onClick={() => onAction('suspend')}>
              Suspender
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
