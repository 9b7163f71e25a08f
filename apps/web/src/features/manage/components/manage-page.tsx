import { formatIsoDate, type ManageView } from '@agendaki/shared';
import { useState } from 'react';
import { LinkPageError, LinkPageLoading } from '@/components/layouts/state-page';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { getErrorMessage } from '@/lib/api-client';
import { PixPayment } from '@/components/pix/pix-payment';
import { useManageAction, useManageView } from '../api/manage';
import { AnamnesisForms } from './anamnesis-form';
import { BookingDetails } from './booking-details';
import { ManageActions } from './manage-actions';
import { SeriesSection } from './series-section';

/** `/agendamento/<token>`: the client's own page for one booking. */
export function ManagePage({ token }: { token: string }) {
  const view = useManageView(token);
  useDocumentTitle('Seu agendamento');
  if (view.isPending) return <LinkPageLoading label="Carregando agendamento..." />;
  if (view.isError) return <LinkPageError error={view.error} />;
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
