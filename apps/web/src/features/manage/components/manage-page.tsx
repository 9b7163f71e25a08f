import { formatIsoDate, type ManageView } from '@agendaki/shared';
import { CircleAlert } from 'lucide-react';
import { useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { PixPayment } from '@/components/pix/pix-payment';
import { useManageAction, useManageView } from '../api/manage';
import { AnamnesisForms } from './anamnesis-form';
import { BookingDetails } from './booking-details';
import { ManageActions } from './manage-actions';
import { SeriesSection } from './series-section';

const INVALID = 'Link inválido ou expirado';

/** `/agendamento/<token>`: the client's own page for one booking. */
export function ManagePage({ token }: { token: string }) {
  const view = useManageView(token);
  useDocumentTitle('Seu agendamento');
  if (view.isPending) {
    return (
      <main className="grid min-h-dvh place-items-center bg-muted/40">
        <Spinner className="size-8" label="Carregando agendamento..." />
      </main>
    );
  }
  if (view.isError) {
    const invalid = isApiError(view.error) && view.error.status === 404;
    return (
      <main className="grid min-h-dvh place-items-center bg-muted/40 px-4 py-10">
        <div className="flex w-full max-w-md flex-col items-center gap-4 rounded-xl border bg-card px-6 py-8 text-center shadow-sm">
          <CircleAlert className="size-10 text-destructive" aria-hidden="true" />
          <h1 className="text-xl font-semibold">{invalid ? INVALID : 'Não foi possível abrir'}</h1>
          <p role="alert" className="text-muted-foreground">
            {invalid
              ? 'Confira o endereço recebido ou fale com o profissional.'
              : getErrorMessage(view.error)}
          </p>
        </div>
      </main>
    );
  }
  return <ManageCard token={token} data={view.data} />;
}

function ManageCard({ token, data }: { token: string; data: ManageView }) {
  const action = useManageAction(token);
  const [message, setMessage] = useState<string | null>(null);
  const error = action.error ? getErrorMessage(action.error) : null;

  return (
    <div className="min-h-dvh bg-muted/40">
      <main className="mx-auto w-full max-w-xl space-y-4 px-3 py-6 sm:px-6 sm:py-10">
        <header className="space-y-1">
          <p className="text-sm text-muted-foreground">Seu agendamento em</p>
          <h1 className="text-2xl font-semibold">{data.businessName}</h1>
          <p className="text-sm text-muted-foreground">com {data.professionalName}</p>
        </header>
        <BookingDetails token={token} data={data} />
        {data.packages && data.packages.length > 0 ? (
          <section
            aria-labelledby="manage-packages"
            className="space-y-2 rounded-xl border bg-card p-4 shadow-sm"
          >
            <h2 id="manage-packages" className="font-semibold">
              Seus pacotes
            </h2>
            <ul className="space-y-1 text-sm">
              {data.packages.map((pkg, index) => (
                <li key={index}>
                  {pkg.name}: {pkg.sessionsLeft} de {pkg.sessionsTotal}{' '}
                  {pkg.sessionsTotal === 1 ? 'sessão restante' : 'sessões restantes'}, válido até{' '}
                  {formatIsoDate(pkg.expiresOn)}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {data.deposit && data.deposit.status === 'pending' && data.status !== 'cancelled' ? (
          <PixPayment deposit={data.deposit} />
        ) : null}
        {data.deposit?.status === 'received' ? (
          <p className="rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900">
            Sinal recebido. Seu agendamento está confirmado.
          </p>
        ) : null}
        {message ? (
          <p
            role="status"
            className="rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900"
          >
            {message}
          </p>
        ) : null}
        {error ? (
          <p
            role="alert"
            className="rounded-lg border border-destructive/30 bg-destructive/5 p-3 text-sm text-destructive"
          >
            {error}
          </p>
        ) : null}

        <ManageActions token={token} data={data} action={action} onMessage={setMessage} />
        <SeriesSection data={data} action={action} onMessage={setMessage} />
        {data.status !== 'cancelled' ? <AnamnesisForms token={token} /> : null}
      </main>
    </div>
  );
}
