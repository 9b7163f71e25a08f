import { ShieldAlert } from 'lucide-react';
import { Link, Navigate } from 'react-router';
import { BrandLogo } from '@/components/layouts/brand-logo';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { useAuditLog } from '../api/get-audit-log';
import { AdminNumbersSection } from './admin-numbers';
import { AuditLogSection } from './audit-log-section';
import { ProfessionalsSection } from './professionals-section';

function Restricted({ message }: { message: string }) {
  return (
    <main className="grid min-h-dvh place-items-center bg-muted/40 px-4">
      <div className="flex max-w-md flex-col items-center gap-4 rounded-xl border bg-card px-6 py-8 text-center shadow-sm">
        <ShieldAlert className="size-10 text-muted-foreground" aria-hidden="true" />
        <h1 className="text-xl font-semibold">Acesso restrito</h1>
        <p className="text-muted-foreground">{message}</p>
        <Button asChild variant="outline">
          <Link to={paths.dashboard.root.getHref()}>Voltar ao painel</Link>
        </Button>
      </div>
    </main>
  );
}

/**
 * /admin, the operator console (docs/product.md "The operator's side"): accounts, their
 * subscriptions and the business's numbers, for accounts given the role by command. The server
 * decides who may see it; this page only asks.
 */
export function AdminConsole() {
  useDocumentTitle('Operação');
  const gate = useAuditLog();
  if (gate.isPending) {
    return (
      <div className="grid min-h-dvh place-items-center">
        <Spinner className="size-8" label="Carregando..." />
      </div>
    );
  }
  if (gate.isError) {
    if (isApiError(gate.error) && gate.error.status === 401) {
      return <Navigate to={paths.auth.getHref()} replace />;
    }
    return <Restricted message={getErrorMessage(gate.error)} />;
  }
  return (
    <div className="min-h-dvh bg-muted/40">
      <header className="border-b bg-background">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <div className="flex items-center gap-3">
            <BrandLogo to={paths.admin.getHref()} />
            <span className="text-sm font-medium text-muted-foreground">Operação</span>
          </div>
          <Button asChild variant="ghost" size="sm">
            <Link to={paths.dashboard.root.getHref()}>Painel</Link>
          </Button>
        </div>
      </header>
      <main className="mx-auto max-w-6xl space-y-8 px-4 py-6 sm:px-6">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Console de operação</h1>
          <p className="text-muted-foreground">
            Contas e assinaturas. Dados de clientes e agendas não aparecem aqui.
          </p>
        </div>
        <AdminNumbersSection />
        <ProfessionalsSection />
        <AuditLogSection />
      </main>
    </div>
  );
}
