import {
  type Closing,
  formatCurrencyFromCents,
  formatIsoDate,
  PAYMENT_METHOD_LABELS,
  reopenInputSchema,
  settleFormSchema,
} from '@agendaki/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Mail, MessageCircle, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { MoneyFormField } from '@/components/ui/money-form-field';
import { NativeSelect } from '@/components/ui/native-select';
import { SubmitButton } from '@/components/ui/submit-button';
import { Textarea } from '@/components/ui/textarea';
import { getErrorMessage } from '@/lib/api-client';
import { useMailReceipt, useReceiptLink, useReopenClosing, useSettleClosing } from '../api/closing';
import { ClosingTotals } from './closing-totals';

/** A closed appointment: what was done and paid, the recibo, a later payment, reopening. */
export function ClosingView({ closing, history }: { closing: Closing; history: Closing[] }) {
  const receipt = useReceiptLink(closing.id);
  const mail = useMailReceipt();
  return (
    <div className="grid gap-4">
      <ClosingDetails closing={closing} />
      <div className="flex flex-wrap gap-2">
        {receipt.data?.whatsappUrl ? (
          <Button asChild variant="outline" size="sm">
            <a href={receipt.data.whatsappUrl} target="_blank" rel="noopener noreferrer">
              <MessageCircle aria-hidden="true" />
              Recibo por WhatsApp
            </a>
          </Button>
        ) : null}
        <SubmitButton
          type="button"
          variant="outline"
          size="sm"
          isPending={mail.isPending}
          onClick={() =>
            mail.mutate(closing.id, {
              onSuccess: ({ to }) => toast.success(`Recibo enviado para ${to}`),
              onError: (error) =>
                toast.error('Recibo não enviado', { description: getErrorMessage(error) }),
            })
          }
        >
          <Mail aria-hidden="true" />
          Recibo por e-mail
        </SubmitButton>
      </div>
      {closing.owedCents > 0 ? <SettleForm closing={closing} /> : null}
      <ReopenForm closing={closing} />
      {history.length > 0 ? (
        <details className="text-sm">
          <summary className="cursor-pointer text-muted-foreground">
            Reaberto {history.length} {history.length === 1 ? 'vez' : 'vezes'}
          </summary>
          <ul className="mt-2 grid gap-1">
            {history.map((old) => (
              <li key={old.id}>
                {formatIsoDate(old.closedOn)}: {formatCurrencyFromCents(old.totalCents)}, reaberto
                por &ldquo;{old.reopenReason}&rdquo;
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}

function ClosingDetails({ closing }: { closing: Closing }) {
  return (
    <div className="grid gap-3 text-sm">
      <ul className="grid gap-1">
        {closing.items.map((item, index) => (
          <li key={index} className="flex justify-between gap-4">
            <span>{item.serviceName}</span>
            <span className="tabular-nums">{formatCurrencyFromCents(item.priceCents)}</span>
          </li>
        ))}
      </ul>
      <ClosingTotals
        totals={{
          subtotalCents: closing.subtotalCents,
          discountCents: closing.discountCents,
          tipCents: closing.tipCents,
          totalCents: closing.totalCents,
          paidCents: closing.paidCents,
          owedCents: closing.owedCents,
        }}
      />
      <ul className="grid gap-1" aria-label="Pagamentos">
        {closing.payments.map((payment) => (
          <li key={payment.id} className="flex justify-between gap-4">
            <span>
              {PAYMENT_METHOD_LABELS[payment.method]}
              <span className="text-muted-foreground"> · {formatIsoDate(payment.paidOn)}</span>
            </span>
            <span className="tabular-nums">{formatCurrencyFromCents(payment.amountCents)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

type SettleValues = z.input<typeof settleFormSchema>;

function SettleForm({ closing }: { closing: Closing }) {
  const settle = useSettleClosing();
  const { control, register, handleSubmit } = useForm<
    SettleValues,
    unknown,
    z.output<typeof settleFormSchema>
  >({
    resolver: zodResolver(settleFormSchema),
    defaultValues: { method: 'pix', amount: '' },
  });
  return (
    <form
      noValidate
      aria-label="Receber valor em aberto"
      className="grid grid-cols-[1fr_8rem_auto] items-end gap-2 rounded-lg border p-3"
      onSubmit={(event) =>
        void handleSubmit((values) =>
          settle.mutate(
            { closingId: closing.id, method: values.method, amountCents: values.amount },
            {
              onSuccess: () => toast.success('Pagamento registrado'),
              onError: (error) =>
                toast.error('Pagamento não registrado', { description: getErrorMessage(error) }),
            },
          ),
        )(event)
      }
    >
      <FormField label="Receber em aberto">
        {(fieldControl) => (
          <NativeSelect {...fieldControl} {...register('method')}>
            {(['pix', 'cash', 'debit', 'credit'] as const).map((m) => (
              <option key={m} value={m}>
                {PAYMENT_METHOD_LABELS[m]}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <MoneyFormField label="Valor recebido" name="amount" control={control} />
      <SubmitButton isPending={settle.isPending}>Receber</SubmitButton>
    </form>
  );
}

function ReopenForm({ closing }: { closing: Closing }) {
  const [isOpen, setIsOpen] = useState(false);
  const reopen = useReopenClosing();
  const { register, handleSubmit, formState } = useForm<z.input<typeof reopenInputSchema>>({
    resolver: zodResolver(reopenInputSchema),
    defaultValues: { reason: '' },
  });
  if (!isOpen) {
    // The server refuses any change of a closed appointment (decision 038): say so here.
    return (
      <div className="grid gap-1">
        <p className="text-sm text-muted-foreground">
          Para alterar, cancelar ou excluir este atendimento, reabra-o primeiro.
        </p>
        <Button variant="ghost" size="sm" className="w-fit" onClick={() => setIsOpen(true)}>
          <RotateCcw aria-hidden="true" />
          Reabrir atendimento
        </Button>
      </div>
    );
  }
  return (
    <form
      noValidate
      aria-label="Reabrir atendimento"
      className="grid gap-2 rounded-lg border p-3"
      onSubmit={(event) =>
        // Awaited: the reopened closing's form replaces this view before mutate's callbacks.
        void handleSubmit(({ reason }) =>
          reopen.mutateAsync({ closingId: closing.id, reason }).then(
            () => toast.success('Atendimento reaberto'),
            (error: unknown) =>
              toast.error('Não foi possível reabrir', { description: getErrorMessage(error) }),
          ),
        )(event)
      }
    >
      <FormField
        label="Motivo da reabertura"
        error={formState.errors.reason?.message}
        description="Os pagamentos deste fechamento são anulados e ficam no histórico."
      >
        {(fieldControl) => <Textarea {...fieldControl} rows={2} {...register('reason')} />}
      </FormField>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => setIsOpen(false)}>
          Cancelar
        </Button>
        <SubmitButton size="sm" isPending={reopen.isPending}>
          Reabrir
        </SubmitButton>
      </div>
    </form>
  );
}
