import {
  formatCurrencyFromCents,
  formatIsoDate,
  planConsecutiveAppointments,
} from '@agendaki/shared';
import { useRef, type ComponentProps, type ReactNode } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import type { BookingSummary } from '../lib/booking-summary';
import { CodeStep, type CodeStepProps } from './code-step';
import { ContactForm, type ContactFormProps } from './contact-form';

export interface ConfirmBookingDialogProps extends ContactFormProps {
  open: boolean;
  professionalName: string;
  summary: BookingSummary;
  /** Both set while the dialog is open. */
  date: string | null;
  time: string | null;
  onOpenChange: (open: boolean) => void;
  /** Prevent its default to put the focus elsewhere than on the time that opened the dialog. */
  onCloseAutoFocus?: ComponentProps<typeof DialogContent>['onCloseAutoFocus'];
  /** Set once the code was e-mailed (decision 028): the code replaces the details' form. */
  codeStep?: CodeStepProps | null;
}

function SummaryRow({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-4">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="text-right font-medium">{children}</dd>
    </div>
  );
}

/** "Confirmar Agendamento": what will be booked, then the client's details. */
export function ConfirmBookingDialog({
  open,
  professionalName,
  summary,
  date,
  time,
  onOpenChange,
  onCloseAutoFocus,
  codeStep,
  ...formProps
}: ConfirmBookingDialogProps) {
  const pending = codeStep ? codeStep.isPending : formProps.isPending;
  // The time pressed: a Radix Dialog gives the focus back to its own Trigger only, and the
  // slots are plain buttons, so without this the focus would fall to <body> on closing.
  const openerRef = useRef<HTMLElement | null>(null);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        // While the booking is on its way the dialog stays: its answer decides what happens.
        if (!next && pending) return;
        onOpenChange(next);
      }}
    >
      <DialogContent
        className="gap-5 p-5 sm:p-6"
        onCloseAutoFocus={(event) => {
          const opener = openerRef.current;
          openerRef.current = null;
          onCloseAutoFocus?.(event);
          if (event.defaultPrevented || !opener?.isConnected) return;
          event.preventDefault();
          opener.focus();
        }}
        // On a phone, focusing the first field would open the keyboard over the summary.
        onOpenAutoFocus={(event) => {
          const active = document.activeElement;
          openerRef.current = active instanceof HTMLElement ? active : null;
          event.preventDefault();
          (event.currentTarget as HTMLElement | null)?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>Confirmar Agendamento</DialogTitle>
          <DialogDescription>
            {codeStep
              ? 'Falta só o código enviado para seu e-mail.'
              : 'Confira os detalhes e informe seus dados.'}
          </DialogDescription>
        </DialogHeader>
        {date && time ? (
          <BookingDetails
            professionalName={professionalName}
            summary={summary}
            date={date}
            time={time}
          />
        ) : null}
        {codeStep ? <CodeStep {...codeStep} /> : <ContactForm {...formProps} />}
      </DialogContent>
    </Dialog>
  );
}

interface BookingDetailsProps {
  professionalName: string;
  summary: BookingSummary;
  date: string;
  time: string;
}

/** Services with their consecutive times, total, date, time and professional. */
function BookingDetails({ professionalName, summary, date, time }: BookingDetailsProps) {
  const plan = planConsecutiveAppointments(time, summary.services);
  return (
    <dl className="grid gap-2 rounded-lg bg-muted/70 p-4 text-sm">
      <div className="grid gap-1.5">
        <dt className="text-muted-foreground">{summary.count === 1 ? 'Serviço' : 'Serviços'}</dt>
        <dd>
          <ul className="grid gap-1.5">
            {summary.services.map((service, index) => {
              const slot = plan?.[index];
              return (
                <li key={service.id} className="flex items-start justify-between gap-4">
                  <span className="font-medium">
                    {service.name}
                    {slot ? (
                      <span className="block text-xs font-normal text-muted-foreground tabular-nums">
                        {slot.startTime} – {slot.endTime} · {service.durationMinutes} min
                      </span>
                    ) : null}
                  </span>
                  <span className="shrink-0 tabular-nums">
                    {formatCurrencyFromCents(service.priceCents)}
                  </span>
                </li>
              );
            })}
          </ul>
        </dd>
      </div>
      <div className="my-1 border-t border-border" />
      <SummaryRow term="Total">
        <span className="text-base font-semibold tabular-nums">
          {formatCurrencyFromCents(summary.totalPriceCents)}
        </span>
      </SummaryRow>
      <SummaryRow term="Data">{formatIsoDate(date)}</SummaryRow>
      <SummaryRow term="Horário">
        <span className="tabular-nums">{time}</span>
      </SummaryRow>
      <SummaryRow term="Profissional">{professionalName}</SummaryRow>
    </dl>
  );
}
