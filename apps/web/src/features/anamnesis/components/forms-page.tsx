import type { AnamnesisForm } from '@agendaki/shared';
import { ClipboardList, Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { PageHeader } from '@/components/layouts/page-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useServices } from '@/features/services/api/get-services';
import { useAnamnesisForms } from '../api/forms';
import { FormBuilder } from './form-builder';

/**
 * Fichas de anamnese (issue 50): the forms, each attached to services. Editing a form keeps the
 * answers given to its earlier version readable (a new version is saved).
 */
export function FormsPage() {
  const forms = useAnamnesisForms();
  const services = useServices();
  const [editing, setEditing] = useState<AnamnesisForm | 'new' | null>(null);
  const active = services.data?.filter((service) => service.isActive) ?? [];
  const nameOf = new Map(services.data?.map((service) => [service.id, service.name]));

  if (editing) {
    return (
      <div className="space-y-6">
        <PageHeader
          title={editing === 'new' ? 'Nova ficha' : 'Editar ficha'}
          description="A cliente responde ao agendar ou pelo link do agendamento, depois de aceitar o termo de consentimento."
        />
        <Card className="p-5">
          <FormBuilder
            form={editing === 'new' ? undefined : editing}
            services={active}
            onDone={() => setEditing(null)}
          />
        </Card>
        <Button variant="ghost" onClick={() => setEditing(null)}>
          Voltar
        </Button>
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <PageHeader
        title="Fichas de anamnese"
        description="Perguntas que a cliente responde antes do atendimento. As respostas ficam criptografadas."
        actions={
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" /> Nova ficha
          </Button>
        }
      />
      {!forms.data ? (
        <Skeleton className="h-40 w-full" />
      ) : forms.data.length === 0 ? (
        <EmptyState
          icon={ClipboardList}
          title="Nenhuma ficha ainda"
          description="Crie uma ficha e escolha os serviços que pedem por ela."
        />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2">
          {forms.data.map((form) => (
            <li key={form.id}>
              <Card className="gap-3 p-5">
                <h2 className="font-semibold break-words">{form.name}</h2>
                <p className="text-sm text-muted-foreground">
                  {form.fields.length} {form.fields.length === 1 ? 'pergunta' : 'perguntas'} ·
                  versão {form.version} · {form.answerCount}{' '}
                  {form.answerCount === 1 ? 'resposta' : 'respostas'}
                </p>
                <p className="text-sm break-words">
                  {form.serviceIds.length > 0
                    ? `Serviços: ${form.serviceIds.map((id) => nameOf.get(id) ?? '').join(', ')}`
                    : 'Nenhum serviço pede esta ficha.'}
                </p>
                <Button
                  variant="outline"
                  size="sm"
                  className="w-fit"
                  onClick={() => setEditing(form)}
                  aria-label={`Editar ${form.name}`}
                >
                  <Pencil aria-hidden="true" /> Editar
                </Button>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
