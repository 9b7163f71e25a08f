import { DEFAULT_TIMEZONE, type Client, type ClientListItem } from '@agendaki/shared';
import { Plus, SearchX, Users } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { toast } from '@/lib/toast';
import { ListPage, ListSearch } from '@/components/layouts/list-page';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
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
  /** An action under each card (the route composes "Horário fixo"). */
  renderCardAction?: (client: Client) => ReactNode;
  /** Composed by the route: packages and what she owes (money), WhatsApp history (whatsapp). */
  renderCardExtra?: (client: ClientListItem) => ReactNode;
}

const skeletonCard = (
  <Card className="gap-4 p-5">
    <div className="flex items-center gap-3">
      <Skeleton className="size-10 rounded-full" />
      <Skeleton className="h-5 w-1/2" />
    </div>
    <Skeleton className="h-4 w-3/4" />
    <Skeleton className="h-9 w-full" />
  </Card>
);

export function ClientsPage({
  timeZone = DEFAULT_TIMEZONE,
  renderCardAction,
  renderCardExtra,
}: ClientsPageProps) {
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [form, setForm] = useState<FormState>({ open: false });
  const clients = useClients(search);
  const deleteClient = useDeleteClient();

  const items = clients.data?.pages.flatMap((page) => page.items) ?? [];
  const total = clients.data?.pages[0]?.total ?? 0;
  const isSearching = search !== '';
  const openCreate = () => setForm({ open: true });

  function handleDelete(client: Client) {
    deleteClient.mutate(client.id, {
      onSuccess: () => toast.success('Cliente excluído com sucesso!'),
      onError: (error) =>
        toast.error('Erro ao excluir cliente', { description: getErrorMessage(error) }),
    });
  }

  return (
    <ListPage
      title="Clientes"
      description="Seus clientes, com contatos e observações"
      createLabel="Novo Cliente"
      onCreate={openCreate}
      query={clients}
      items={items}
      hasNone={!isSearching && searchText === '' && total === 0}
      toolbar={
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <ListSearch
            value={searchText}
            onChange={setSearchText}
            placeholder="Nome, e-mail ou telefone"
            label="Buscar clientes"
            isSearching={clients.isFetching && !clients.isFetchingNextPage}
            className="w-full sm:max-w-sm"
          />
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {total === 1 ? '1 cliente' : `${total} clientes`}
            {isSearching ? ' encontrados' : ''}
          </p>
        </div>
      }
      empty={{
        icon: Users,
        title: 'Nenhum cliente cadastrado ainda',
        description: 'Cadastre seus clientes para ter contatos e histórico à mão.',
        action: (
          <Button onClick={openCreate}>
            <Plus aria-hidden="true" />
            Cadastrar Primeiro Cliente
          </Button>
        ),
      }}
      noMatch={{
        icon: SearchX,
        title: 'Nenhum cliente encontrado',
        description: 'Tente buscar por outro nome, e-mail ou telefone.',
      }}
      loadError={{
        toast: 'Erro ao carregar clientes',
        message: 'Não foi possível carregar os clientes',
      }}
      listLabel="Clientes"
      loadingLabel="Carregando clientes..."
      gridClassName="sm:grid-cols-2 lg:grid-cols-3"
      skeletonCard={skeletonCard}
      getKey={(client) => client.id}
      renderItem={(client) => (
        <ClientCard
          client={client}
          timeZone={timeZone}
          onEdit={(c) => setForm({ open: true, client: c })}
          onDelete={handleDelete}
          isDeleting={deleteClient.isPending && deleteClient.variables === client.id}
          action={renderCardAction?.(client)}
          extra={renderCardExtra?.(client)}
        />
      )}
    >
      <ClientFormDialog
        open={form.open}
        client={form.open ? form.client : undefined}
        onOpenChange={(open) => {
          if (!open) setForm({ open: false });
        }}
      />
    </ListPage>
  );
}
