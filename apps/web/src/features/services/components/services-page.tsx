import type { Service } from '@agendaki/shared';
import { ArrowLeft, Lock, Plus, Scissors } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { toast } from '@/lib/toast';
import { PageHeader } from '@/components/layouts/page-header';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { getErrorMessage } from '@/lib/api-client';
import { useDeleteService } from '../api/delete-service';
import { useServices } from '../api/get-services';
import { ServiceCard } from './service-card';
import { ServiceForm } from './service-form';

type View = { mode: 'list' } | { mode: 'create' } | { mode: 'edit'; service: Service };

export interface ServicesPageProps {
  /**
   * Subscription access (active or trial): creating a service needs it; the server enforces it
   * too. Undefined while the session loads: creation waits, and no blocked banner flashes.
   */
  hasAccess: boolean | undefined;
  /** The subscription banner, shown above the list. */
  banner?: ReactNode;
}

function BlockedBanner() {
  return (
    <Alert variant="destructive">
      <Lock aria-hidden="true" />
      <AlertTitle>Serviços bloqueados. Assine para ter acesso.</AlertTitle>
      <AlertDescription>
        Seus serviços continuam salvos; para criar novos, assine um plano.
      </AlertDescription>
    </Alert>
  );
}

function ServicesSkeleton() {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
      {[0, 1, 2].map((key) => (
        <Card key={key} className="gap-0 overflow-hidden py-0">
          <Skeleton className="aspect-[16/9] rounded-none" />
          <div className="space-y-3 p-5">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-9 w-full" />
          </div>
        </Card>
      ))}
      <span className="sr-only" role="status">
        Carregando serviços...
      </span>
    </div>
  );
}

export function ServicesPage({ hasAccess, banner }: ServicesPageProps) {
  const [view, setView] = useState<View>({ mode: 'list' });
  const services = useServices();
  const deleteService = useDeleteService();

  useEffect(() => {
    if (services.isError) {
      toast.error('Erro ao carregar serviços', {
        description: 'Não foi possível carregar os serviços',
      });
    }
  }, [services.isError]);

  function handleDelete(service: Service) {
    deleteService.mutate(service.id, {
      onSuccess: () => toast.success('Serviço excluído com sucesso!'),
      onError: (error) =>
        toast.error('Erro ao excluir serviço', { description: getErrorMessage(error) }),
    });
  }

  const showList = () => setView({ mode: 'list' });
  const openCreate = () => setView({ mode: 'create' });

  if (view.mode !== 'list') {
    const service = view.mode === 'edit' ? view.service : undefined;
    return (
      <>
        <PageHeader title="Serviços" description="Gerencie os serviços que você oferece" />
        <div className="max-w-3xl space-y-4">
          <Button variant="ghost" className="-ml-3" onClick={showList}>
            <ArrowLeft aria-hidden="true" />
            Voltar
          </Button>
          <ServiceForm
            key={service?.id ?? 'new'}
            service={service}
            onDone={showList}
            onSavedWithoutImage={(saved) => setView({ mode: 'edit', service: saved })}
            onCancel={showList}
          />
        </div>
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Serviços"
        description="Gerencie os serviços que você oferece"
        actions={
          <Button onClick={openCreate} disabled={hasAccess !== true}>
            <Plus aria-hidden="true" />
            Novo Serviço
          </Button>
        }
      />
      {banner}
      {hasAccess === false ? <BlockedBanner /> : null}
      {services.isPending ? (
        <ServicesSkeleton />
      ) : services.isError ? (
        <Card className="items-center px-6 py-10 text-center">
          <p className="text-muted-foreground">Não foi possível carregar os serviços</p>
          <Button variant="outline" onClick={() => void services.refetch()}>
            Tentar novamente
          </Button>
        </Card>
      ) : services.data.length === 0 ? (
        <EmptyState
          icon={Scissors}
          title="Nenhum serviço cadastrado ainda"
          description="Cadastre os serviços que você oferece para seus clientes agendarem."
          action={
            <Button onClick={openCreate} disabled={hasAccess !== true}>
              <Plus aria-hidden="true" />
              Criar Primeiro Serviço
            </Button>
          }
        />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Serviços">
          {services.data.map((service) => (
            <li key={service.id} className="flex min-w-0">
              <ServiceCard
                service={service}
                onEdit={(s) => setView({ mode: 'edit', service: s })}
                onDelete={handleDelete}
                isDeleting={deleteService.isPending && deleteService.variables === service.id}
              />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
