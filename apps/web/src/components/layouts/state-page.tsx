import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage, isApiError } from '@/lib/api-client';

/** A public page that is only a centred card: loading, an error, "not found". */
export function StateCard({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <main className="grid min-h-dvh place-items-center bg-muted/40 px-4 py-10">
      <div className="flex w-full max-w-md flex-col items-center gap-4 rounded-xl border bg-card px-6 py-8 text-center shadow-sm">
        {icon}
        {children}
      </div>
    </main>
  );
}

/** A client's page opened from a link in a message (booking, waitlist), while it loads. */
export function LinkPageLoading({ label }: { label: string }) {
  return (
    <main className="grid min-h-dvh place-items-center bg-muted/40">
      <Spinner className="size-8" label={label} />
    </main>
  );
}

/** Why such a page cannot open: the server says 404 to an unknown or expired link. */
export function LinkPageError({ error }: { error: unknown }) {
  const isInvalid = isApiError(error) && error.status === 404;
  return (
    <StateCard icon={<CircleAlert className="size-10 text-destructive" aria-hidden="true" />}>
      <h1 className="text-xl font-semibold">
        {isInvalid ? 'Link inválido ou expirado' : 'Não foi possível abrir'}
      </h1>
      <p role="alert" className="text-muted-foreground">
        {isInvalid
          ? 'Confira o endereço recebido ou fale com o profissional.'
          : getErrorMessage(error)}
      </p>
    </StateCard>
  );
}
