import type { AdminProfessional } from '@agendaki/shared';
import { Search } from 'lucide-react';
import { useState } from 'react';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { getErrorMessage } from '@/lib/api-client';
import { useAdminProfessionals } from '../api/get-professionals';
import type { AdminActionKind } from '../api/run-action';
import { ActionDialog } from './action-dialog';
import { ProfessionalCard } from './professional-card';

const SEARCH_DELAY_MS = 300;

/** "Profissionais": search by e-mail, name or link; each card with its actions. */
export function ProfessionalsSection() {
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(typed.trim(), SEARCH_DELAY_MS);
  const [target, setTarget] = useState<{
    professional: AdminProfessional;
    kind: AdminActionKind;
  }>();
  const query = useAdminProfessionals(search);

  return (
    <section aria-labelledby="admin-professionals" className="space-y-3">
      <h2 id="admin-professionals" className="text-lg font-semibold">
        Profissionais
      </h2>
      <div className="relative max-w-md">
        <Search
          className="pointer-events-none absolute top-2.5 left-3 size-4 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          type="search"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          placeholder="E-mail, nome ou link"
          aria-label="Buscar profissional por e-mail, nome ou link"
          className="pl-9"
          maxLength={255}
        />
      </div>
      {query.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : query.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {getErrorMessage(query.error)}
        </p>
      ) : query.data.professionals.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">
          {search
            ? `Nenhum profissional encontrado para "${search}".`
            : 'Nenhum profissional ainda.'}
        </p>
      ) : (
        <div className="grid gap-3">
          {query.data.professionals.map((professional) => (
            <ProfessionalCard
              key={professional.id}
              professional={professional}
              onAction={(kind) => setTarget({ professional, kind })}
            />
          ))}
        </div>
      )}
      {target ? (
        <ActionDialog
          professional={target.professional}
          kind={target.kind}
          onClose={() => setTarget(undefined)}
        />
      ) : null}
    </section>
  );
}
