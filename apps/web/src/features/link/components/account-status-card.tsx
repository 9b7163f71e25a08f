import type { Profile } from '@agendaki/shared';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';

export interface AccountStatusCardProps {
  profile: Profile;
  hasAccess: boolean;
}

function InactiveReason({ profile, hasAccess }: AccountStatusCardProps) {
  if (!hasAccess) {
    return (
      <p className="text-sm text-muted-foreground">
        Sua assinatura não está ativa: a página pública não aceita agendamentos e o link não pode
        ser editado.{' '}
        <Link
          to={paths.dashboard.billing.getHref()}
          className="font-medium text-primary underline underline-offset-4"
        >
          Ver Assinatura
        </Link>
      </p>
    );
  }
  if (!profile.isActive) {
    return (
      <p className="text-sm text-muted-foreground">
        Seu perfil está desativado: a página pública não aceita agendamentos.
      </p>
    );
  }
  return null;
}

/** Meu Link's status card: who the page belongs to and whether clients can book through it. */
export function AccountStatusCard({ profile, hasAccess }: AccountStatusCardProps) {
  // docs/product.md (Subscription): without access the public page shows "not yet active".
  const isActive = profile.isActive && hasAccess;
  return (
    <Card>
      <CardHeader>
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0 space-y-1">
            <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
              Status da conta
            </p>
            <CardTitle className="text-lg break-words">{profile.businessName}</CardTitle>
            <CardDescription className="break-words">{profile.professionalName}</CardDescription>
          </div>
          <Badge variant={isActive ? 'success' : 'destructive'}>
            {isActive ? 'Ativo' : 'Inativo'}
          </Badge>
        </div>
      </CardHeader>
      <CardContent>
        {isActive ? (
          <p className="text-sm text-muted-foreground">
            Sua página pública está no ar e recebendo agendamentos.
          </p>
        ) : (
          <InactiveReason profile={profile} hasAccess={hasAccess} />
        )}
      </CardContent>
    </Card>
  );
}
