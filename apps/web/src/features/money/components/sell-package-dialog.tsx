import {
  type Client,
  formatCentsForInput,
  formatCurrencyFromCents,
  PAYMENT_METHOD_LABELS,
  packageSaleFormSchema,
  type PackageSaleFormValues,
} from '@agendaki/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, X } from 'lucide-react';
import { useFieldArray, useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { MoneyFormField } from '@/components/ui/money-form-field';
import { NativeSelect } from '@/components/ui/native-select';
import { SubmitButton } from '@/components/ui/submit-button';
import { getErrorMessage } from '@/lib/api-client';
import { usePackages, useSellPackage } from '../api/packages';

const SALE_METHODS = ['pix', 'cash', 'debit', 'credit'] as const;

/** Sells one of the packages on sale to the client, with one or more payments. */
export function SellPackageDialog({
  client,
  open,
  onOpenChange,
}: {
  client: Client;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const packages = usePackages();
  const onSale = (packages.data ?? []).filter((p) => p.isActive);
  const sell = useSellPackage();
  const { control, register, handleSubmit, formState, setValue } = useForm<
    PackageSaleFormValues,
    unknown,
    z.output<typeof packageSaleFormSchema>
  >({
    resolver: zodResolver(packageSaleFormSchema),
    defaultValues: { packageId: '', payments: [{ method: 'pix', amount: '' }] },
  });
  const payments = useFieldArray({ control, name: 'payments' });
  const errors = formState.errors;

  function submit(values: z.output<typeof packageSaleFormSchema>) {
    sell.mutate(
      {
        clientId: client.id,
        input: {
          packageId: values.packageId,
          payments: values.payments.map((p) => ({ method: p.method, amountCents: p.amount })),
        },
      },
      {
        onSuccess: () => {
          toast.success('Pacote vendido');
          onOpenChange(false);
        },
        onError: (error) =>
          toast.error('Pacote não vendido', { description: getErrorMessage(error) }),
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Vender pacote</DialogTitle>
          <DialogDescription>Para {client.name}</DialogDescription>
        </DialogHeader>
        {packages.data && onSale.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            Nenhum pacote à venda. Crie um em Serviços, na seção Pacotes.
          </p>
        ) : (
          <form
            noValidate
            aria-label="Vender pacote"
            className="grid gap-4"
            onSubmit={(event) => void handleSubmit(submit)(event)}
          >
            <FormField label="Pacote" error={errors.packageId?.message}>
              {(fieldControl) => (
                <NativeSelect
                  {...fieldControl}
                  {...register('packageId', {
                    onChange: (event: { target: { value: string } }) => {
                      const chosen = onSale.find((p) => p.id === event.target.value);
                      if (chosen && payments.fields.length === 1) {
                        setValue('payments.0.amount', formatCentsForInput(chosen.priceCents));
                      }
                    },
                  })}
                >
                  <option value="">Escolha o pacote</option>
                  {onSale.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.name} ({formatCurrencyFromCents(p.priceCents)})
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            {payments.fields.map((field, index) => (
              <div key={field.id} className="grid grid-cols-[1fr_8rem_auto] items-end gap-2">
                <FormField
                  label={`Forma de pagamento ${index + 1}`}
                  error={errors.payments?.[index]?.method?.message}
                >
                  {(fieldControl) => (
                    <NativeSelect {...fieldControl} {...register(`payments.${index}.method`)}>
                      {SALE_METHODS.map((m) => (
                        <option key={m} value={m}>
                          {PAYMENT_METHOD_LABELS[m]}
                        </option>
                      ))}
                    </NativeSelect>
                  )}
                </FormField>
                <MoneyFormField
                  label={`Valor do pagamento ${index + 1}`}
                  name={`payments.${index}.amount`}
                  control={control}
                />
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={`Remover pagamento ${index + 1}`}
                  onClick={() => payments.remove(index)}
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
              onClick={() => payments.append({ method: 'pix', amount: '' })}
            >
              <Plus aria-hidden="true" />
              Adicionar pagamento
            </Button>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                Cancelar
              </Button>
              <SubmitButton isPending={sell.isPending} pendingLabel="Vendendo...">
                Vender pacote
              </SubmitButton>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
