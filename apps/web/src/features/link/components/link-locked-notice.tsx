import { Lock } from 'lucide-react';
import { Link } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { paths } from '@/config/paths';

/** Why the link editor is disabled: editing needs subscription access (docs/product.md, Subscription). */
export function LinkLockedNotice() {
  return (
    <Alert variant="warning">
      <Lock aria-hidden="true" />
      <AlertTitle>Edição do link bloqueada</AlertTitle>
      <AlertDescription>
        <p>
          Personalizar o link exige uma assinatura ativa ou o período gratuito. Seu link atual
          continua o mesmo.
        </p>
        <Link
          to={paths.dashboard.billing.getHref()}
          className="font-medium text-primary underline underline-offset-4"
        >
          Ver Assinatura
        </Link>
      </AlertDescription>
    </Alert>
  );
}
