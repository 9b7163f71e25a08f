import {
  type Appointment,
  type ClosingDraft,
  type ClosingFormValues,
  closingFormSchema,
  type ClosingInput,
  formatCentsForInput,
} from '@agendaki/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, X } from 'lucide-react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { MoneyFormField } from '@/components/ui/money-form-field';
import { NativeSelect } from '@/components/ui/native-select';
import { SubmitButton } from '@/components/ui/submit-button';
import { useServiceChoices } from '@/features/appointments/api/get-form-choices';
import { getErrorMessage } from '@/lib/api-client';
import { useCloseAppointment } from '../api/closing';
import { previewTotals } from '../lib/preview';
import { ClosingPayments } from './closing-payments';
import { ClosingTotals } from './closing-totals';

function defaultValues(draft: ClosingDraft): ClosingFormValues {
  const item = draft.items[0];
  const price = item?.priceCents ?? 0;
  const payments: ClosingFormValues['payments'] = [];
  let left = price;
  const used = draft.packages.find((p) => p.clientPackageId === draft.usedClientPackageId);
  if (used) {
    payments.push({
      method: 'package',
      amount: formatCentsForInput(price),
      clientPackageId: used.clientPackageId,
    });
    left = 0;
  } else if (draft.depositCents > 0) {
    const deposit = Math.min(draft.depositCents, price);
    payments.push({ method: 'deposit', amount: formatCentsForInput(deposit), clientPackageId: '' });
    left -= deposit;
  }
  if (left > 0)
    payments.push({ method: 'pix', amount: formatCentsForInput(left), clientPackageId: '' });
  return {
    items: draft.items.map((i) => ({
      serviceId: i.serviceId,
      price: formatCentsForInput(i.priceCents),
    })),
    discountKind: 'amount',
    discount: '',
    tip: '',
    payments,
  };
}

/** "Concluir e receber": services done, discount, tip and payments; the server keeps the sums. */
export function ClosingForm({
  appointment,
  draft,
  onDone,
}: {
  appointment: Appointment;
  draft: ClosingDraft;
  onDone: () => void;
}) {
  const close = useCloseAppointment();
  const services = useServiceChoices();
  const form = useForm<ClosingFormValues, unknown, ClosingInput>({
    resolver: zodResolver(closingFormSchema),
    defaultValues: defaultValues(draft),
  });
  const { control, register, handleSubmit, formState } = form;
  const errors = formState.errors;
  const items = useFieldArray({ control, name: 'items' });
  const watched = useWatch({ control });
  const preview = previewTotals(watched);

  const serviceOptions = new Map<string, string>(
    draft.items.map((i) => [i.serviceId, i.serviceName]),
  );
  for (const service of services.data ?? []) serviceOptions.set(service.id, service.name);

  // Awaited, not mutate's callbacks: the refetched draft replaces this form by the closed view
  // before they would run, and callbacks of an unmounted caller never run.
  async function submit(input: ClosingInput) {
    try {
      await close.mutateAsync({ appointmentId: appointment.id, input });
    } catch (error) {
      toast.error('Não foi possível concluir', { description: getErrorMessage(error) });
      return;
    }
    toast.success('Atendimento concluído');
    onDone();
  }

  return (
    <form
      noValidate
      aria-label="Concluir e receber"
      className="grid gap-5"
      onSubmit={(event) => void handleSubmit(submit)(event)}
    >
      <fieldset className="grid gap-3">
        <legend className="mb-1 text-sm font-semibold">Serviços realizados</legend>
        {items.fields.map((field, index) => (
          <div key={field.id} className="grid grid-cols-[1fr_8rem_auto] items-end gap-2">
            <FormField
              label={`Serviço ${index + 1}`}
              error={errors.items?.[index]?.serviceId?.message}
            >
              {(fieldControl) => (
                <NativeSelect {...fieldControl} {...register(`items.${index}.serviceId`)}>
                  {[...serviceOptions].map(([id, name]) => (
                    <option key={id} value={id}>
                      {name}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <MoneyFormField
              label={`Preço do serviço ${index + 1}`}
              name={`items.${index}.price`}
              control={control}
            />
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label={`Remover serviço ${index + 1}`}
              disabled={items.fields.length === 1}
              onClick={() => items.remove(index)}
            >
              <X aria-hidden="true" />
            </Button>
          </div>
        ))}
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="w-fit"
          onClick={() => {
            const first = services.data?.[0];
            items.append({
              serviceId: first?.id ?? appointment.service.id,
              price: formatCentsForInput(Math.round(Number(first?.price ?? 0) * 100)),
            });
          }}
        >
          <Plus aria-hidden="true" />
          Adicionar serviço
        </Button>
      </fieldset>

      <div className="grid grid-cols-2 gap-3 sm:grid-cols-[8rem_1fr_1fr]">
        <FormField label="Tipo de desconto">
          {(fieldControl) => (
            <NativeSelect {...fieldControl} {...register('discountKind')}>
              <option value="amount">R$</option>
              <option value="percent">%</option>
            </NativeSelect>
          )}
        </FormField>
        {/* A percent is a whole number, not money: a plain numeric field. */}
        {watched.discountKind === 'percent' ? (
          <FormField label="Desconto" error={errors.discount?.message}>
            {(fieldControl) => (
              <input
                {...fieldControl}
                {...register('discount')}
                inputMode="numeric"
                placeholder="0"
                autoComplete="off"
                className="flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 md:text-sm"
              />
            )}
          </FormField>
        ) : (
          <MoneyFormField label="Desconto" name="discount" control={control} />
        )}
        <MoneyFormField
          label="Gorjeta"
          className="col-span-2 sm:col-span-1"
          name="tip"
          control={control}
        />
      </div>

      <ClosingPayments form={form} draft={draft} owedCents={preview.owedCents} />

      <ClosingTotals totals={preview} />

      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onDone} disabled={close.isPending}>
          Cancelar
        </Button>
        <SubmitButton isPending={close.isPending} pendingLabel="Concluindo...">
          Concluir e receber
        </SubmitButton>
      </div>
    </form>
  );
}
