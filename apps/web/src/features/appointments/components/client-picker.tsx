import { useState } from 'react';
import { Combobox } from '@/components/ui/combobox';
import { FormField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useClientSearch } from '../api/search-clients';
import { toClientOption } from '../lib/form-choices';
import { MissingHint } from './missing-hint';

const SEARCH_DEBOUNCE_MS = 300;

export interface ClientPickerProps {
  /** The chosen client's id; '' for none. */
  value: string;
  onChange: (clientId: string) => void;
  /** The edited appointment's client: its name shows before any search (it may be on no page). */
  initialClient?: { id: string; name: string };
  isInvalid?: boolean;
}

/**
 * The appointment form's "Cliente" field: the professional types part of a name, e-mail or phone
 * and picks from the server's matches (any number of clients, not only a first page).
 */
export function ClientPicker({ value, onChange, initialClient, isInvalid }: ClientPickerProps) {
  const [query, setQuery] = useState('');
  const [selectedLabel, setSelectedLabel] = useState(
    initialClient && initialClient.id === value ? initialClient.name : '',
  );
  const debouncedSearch = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  // Emptied (or reopened) goes back to the first page at once: it is already loaded.
  const search = query.trim() === '' ? '' : debouncedSearch;
  // The unfiltered first page answers "is there any client at all?".
  const firstPage = useClientSearch('');
  const results = useClientSearch(search);

  const items = results.data?.items ?? [];
  const total = results.data?.total ?? 0;
  const hasNoClients = firstPage.data?.total === 0;

  let emptyMessage = 'Nenhum cliente encontrado';
  if (results.isPending) emptyMessage = 'Carregando...';
  else if (results.isError) emptyMessage = 'Erro ao carregar clientes';
  else if (hasNoClients) emptyMessage = 'Nenhum cliente cadastrado.';

  return (
    <FormField
      label="Cliente"
      description={
        hasNoClients ? (
          <MissingHint
            text="Nenhum cliente cadastrado."
            linkLabel="Cadastrar cliente"
            to={paths.dashboard.clients.getHref()}
          />
        ) : undefined
      }
    >
      {(field) => (
        <Combobox
          id={field.id}
          aria-describedby={field['aria-describedby']}
          aria-invalid={isInvalid}
          value={value}
          selectedLabel={selectedLabel}
          onSelect={(option) => {
            setSelectedLabel(option.label);
            onChange(option.value);
          }}
          onQueryChange={setQuery}
          options={items.map(toClientOption)}
          emptyMessage={emptyMessage}
          footer={
            total > items.length
              ? `Mostrando ${items.length} de ${total} clientes. Digite para refinar a busca.`
              : undefined
          }
          isBusy={query.trim() !== search || results.isFetching}
          placeholder="Nome, e-mail ou telefone"
          listLabel="Clientes"
        />
      )}
    </FormField>
  );
}
