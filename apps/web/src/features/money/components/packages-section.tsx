import {
  formatCurrencyFromCents,
  type PackageFormValues,
  packageFormSchema,
  type PackageInput,
} from '@agendaki/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Package, Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { MoneyFormField } from '@/components/ui/money-form-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { useServiceChoices } from '@/features/appointments/api/get-form-choices';
import { getErrorMessage } from '@/lib/api-client';
import { useCreatePackage, usePackages, useSetPackageActive } from '../api/packages';

/** Pacotes, under Serviços: services × N sessions, a price and a validity in days. */
export function PackagesSection() {
  const packages = usePackages();
  const setActive = useSetPackageActive();
  const [isFormOpen, setIsFormOpen] = useState(false);
  return (
    <section aria-labelledby="packages-title" className="mt-10 space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="space-y-1">
          <h2 id="packages-title" className="text-xl font-semibold">
            Pacotes
          </h2>
          <p className="text-sm text-muted-foreground">
            Sessões vendidas de uma vez, usadas uma por atendimento até o fim da validade.
          </p>
        </div>
        <Button onClick={() => setIsFormOpen(true)}>
          <Plus aria-hidden="true" />
          Novo pacote
        </Button>
      </div>
      {packages.data && packages.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nenhum pacote cadastrado ainda.</p>
      ) : null}
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {(packages.data ?? []).map((pkg) => (
          <li key={pkg.id}>
            <Card className="gap-2 p-4">
              <div className="flex items-start justify-between gap-2">
                <h3 className="flex items-center gap-2 font-semibold">
                  <Package className="size-4 text-muted-foreground" aria-hidden="true" />
                  {pkg.name}
                </h3>
                <Badge variant={pkg.isActive ? 'default' : 'secondary'}>
                  {pkg.isActive ? 'À venda' : 'Fora de venda'}
                </Badge>
              </div>
              <p className="text-sm text-muted-foreground">
                {pkg.sessions} sessões de {pkg.services.map((s) => s.name).join(', ')} · válido por{' '}
                {pkg.validityDays} dias
              </p>
              <p className="font-semibold tabular-nums">
                {formatCurrencyFromCents(pkg.priceCents)}
              </p>
              <Button
                variant="outline"
                size="sm"
                className="w-fit"
                disabled={setActive.isPending}
                onClick={() => setActive.mutate({ id: pkg.id, isActive: !pkg.isActive })}
              >
                {pkg.isActive ? 'Tirar de venda' : 'Voltar a vender'}
              </Button>
            </Card>
          </li>
        ))}
      </ul>
      <Dialog open={isFormOpen} onOpenChange={setIsFormOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Novo pacote</DialogTitle>
            <DialogDescription>
              Um pacote vendido não muda se você mudar este depois.
            </DialogDescription>
          </DialogHeader>
          {isFormOpen ? <PackageForm onDone={() => setIsFormOpen(false)} /> : null}
        </DialogContent>
      </Dialog>
    </section>
  );
}

function PackageForm({ onDone }: { onDone: () => void }) {
  const services = useServiceChoices();
  const create = useCreatePackage();
  const { control, register, handleSubmit, formState } = useForm<
    PackageFormValues,
    unknown,
    PackageInput
  >({
    resolver: zodResolver(packageFormSchema),
    defaultValues: { name: '', serviceIds: [], sessions: '10', price: '', validityDays: '90' },
  });
  const errors = formState.errors;
  function submit(input: PackageInput) {
    create.mutate(input, {
      onSuccess: () => {
        toast.success('Pacote criado');
        onDone();
      },
      onError: (error) => toast.error('Pacote não criado', { description: getErrorMessage(error) }),
    });
  }
  return (
    <form
      noValidate
      aria-label="Novo pacote"
      className="grid gap-4"
      onSubmit={(event) => void handleSubmit(submit)(event)}
    >
      <FormField label="Nome do pacote" error={errors.name?.message}>
        {(fieldControl) => (
          <Input
            {...fieldControl}
            autoComplete="off"
            placeholder="Pacote de 10 sessões"
            {...register('name')}
          />
        )}
      </FormField>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Serviços do pacote</legend>
        {(services.data ?? []).map((service) => (
          <label key={service.id} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              value={service.id}
              className="size-4"
              {...register('serviceIds')}
            />
            {service.name}
          </label>
        ))}
        {errors.serviceIds ? (
          <p className="text-sm text-destructive">{errors.serviceIds.message}</p>
        ) : null}
      </fieldset>
      <div className="grid grid-cols-3 gap-3">
        <FormField label="Sessões" error={errors.sessions?.message}>
          {(fieldControl) => (
            <Input {...fieldControl} inputMode="numeric" {...register('sessions')} />
          )}
        </FormField>
        <MoneyFormField label="Preço" name="price" control={control} />
        <FormField label="Validade (dias)" error={errors.validityDays?.message}>
          {(fieldControl) => (
            <Input {...fieldControl} inputMode="numeric" {...register('validityDays')} />
          )}
        </FormField>
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={create.isPending}>
          Cancelar
        </Button>
        <SubmitButton isPending={create.isPending} pendingLabel="Salvando...">
          Criar pacote
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}
