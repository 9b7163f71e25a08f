import { DEFAULT_TIMEZONE, type Client } from '@agendaki/shared';
import { LoaderCircle, Plus, Search, SearchX, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { PageHeader } from '@/components/layouts/page-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadMoreButton } from '@/components/ui/load-more-button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { getErrorMessage } from '@/lib/api-client';
import { useDeleteClient } from '../api/delete-client';
import { useClients } from '../api/get-clients';
import { ClientCard } from './client-card';
import { ClientFormDialog } from './client-form-dialog';

/** Wait for a pause in typing before asking the server. */
const SEARCH_DEBOUNCE_MS = 300;

type FormState = { open: false } | { open: true; client?: Client };

export interface ClientsPageProps {
  /** The professional's IANA zone (profile); dates are shown in it. */
  timeZone?: string;
}

function ClientsSkeleton() {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
      {[0, 1, 2].map((key) => (
        <Card key={key} className="gap-4 p-5">
          <div className="flex items-center gap-3">
            <Skeleton className="size-10 rounded-full" />
            <Skeleton className="h-5 w-1/2" />
          </div>
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-9 w-full" />
        </Card>
      ))}
      <span className="sr-only" role="status">
        Carregando clientes...
      </span>
    </div>
  );
}

export function ClientsPage({ timeZone = DEFAULT_TIMEZONE }: ClientsPageProps) {
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [form, setForm] = useState<FormState>({ open: false });
  const clients = useClients(search);
  const deleteClient = useDeleteClient();

  useEffect(() => {
    if (clients.isError) toast.error('Erro ao carregar clientes');
  }, [clients.isError]);

  const items = clients.data?.pages.flatMap((page) => page.items) ?? [];
  const total = clients.data?.pages[0]?.total ?? 0;
  const isSearching = search !== '';
  const hasNoClients = !isSearching && total === 0;
  const openCreate = () => setForm({ open: true });

  function handleDelete(client: Client) {
    deleteClient.mutate(client.id, {
      onSuccess: () => toast.success('Cliente excluído com sucesso!'),
      onError: (error) =>
        toast.error('Erro ao excluir cliente', { description: getErrorMessage(error) }),
    });
  }

  return (
    <>
      <PageHeader
        title="Clientes"
        description="Seus clientes, com contatos e observações"
        actions={
          <Button onClick={openCreate}>
            <Plus aria-hidden="true" />
            Novo Cliente
          </Button>
        }
      />

      {clients.isPending ? (
        <ClientsSkeleton />
      ) : clients.isError && !clients.data ? (
        <Card className="items-center px-6 py-10 text-center">
          <p className="text-muted-foreground">Não foi possível carregar os clientes</p>
          <Button variant="outline" onClick={() => void clients.refetch()}>
            Tentar novamente
          </Button>
        </Card>
      ) : hasNoClients && searchText === '' ? (
        <EmptyState
          icon={Users}
          title="Nenhum cliente cadastrado ainda"
          description="Cadastre seus clientes para ter contatos e histórico à mão."
          action={
            <Button onClick={openCreate}>
              <Plus aria-hidden="true" />
              Cadastrar Primeiro Cliente
            </Button>
          }
        />
      ) : (
        <>
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
            <div className="relative w-full sm:max-w-sm">
              <Search
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
                aria-hidden="true"
              />
              <Input
                type="search"
                value={searchText}
                onChange={(event) => setSearchText(event.target.value)}
                placeholder="Nome, e-mail ou telefone"
                aria-label="Buscar clientes"
                className="pr-9 pl-9"
              />
              {clients.isFetching && !clients.isFetchingNextPage ? (
                <LoaderCircle
                  className="absolute top-1/2 right-3 size-4 -translate-y-1/2 animate-spin text-muted-foreground"
                  aria-hidden="true"
                />
              ) : null}
            </div>
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {total === 1 ? '1 cliente' : `${total} clientes`}
              {isSearching ? ' encontrados' : ''}
            </p>
          </div>

          {items.length === 0 ? (
            <EmptyState
              icon={SearchX}
              title="Nenhum cliente encontrado"
              description="Tente buscar por outro nome, e-mail ou telefone."
            />
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Clientes">
              {items.map((client) => (
                <li key={client.id} className="flex min-w-0">
                  <ClientCard
                    client={client}
                    timeZone={timeZone}
                    onEdit={(c) => setForm({ open: true, client: c })}
                    onDelete={handleDelete}
                    isDeleting={deleteClient.isPending && deleteClient.variables === client.id}
                  />
                </li>
              ))}
            </ul>
          )}

          <LoadMoreButton query={clients} />
        </>
      )}

      <ClientFormDialog
        open={form.open}
        client={form.open ? form.client : undefined}
        onOpenChange={(open) => {
          if (!open) setForm({ open: false });
        }}
      />
    </>
  );
}
