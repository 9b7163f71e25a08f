import type { PublicProfessionalResponse } from '@agendaki/shared';
import { useEffect } from 'react';
import { isApiError } from '@/lib/api-client';
import { usePublicProfessional } from '../api/get-public-professional';
import { BookingFooter } from './booking-footer';
import { BookingPaused } from './booking-paused';
import { BookingWizard } from './booking-wizard';
import { BookingError, BookingLoading, ProfessionalNotFound } from './page-states';
import { ProfessionalHeader } from './professional-header';

export const UNEXPECTED_LOAD_ERROR = 'Erro inesperado ao carregar dados';
/**
 * `INVALID_LINK_MESSAGE` of @agendaki/shared. Not imported: any value from that module brings
 * the shared zod schemas into this page's first download (the embedded-data test keeps them equal).
 */
export const INVALID_LINK_MESSAGE = 'Link inválido';

/** docs/product.md section 8, public page load: "Erro na busca: {message}" or the unexpected text. */
function describeLoadError(error: unknown): string {
  return isApiError(error) ? `Erro na busca: ${error.message}` : UNEXPECTED_LOAD_ERROR;
}

/** The public booking page: loading, error, not found, or the professional and the wizard. */
export function BookingPage({ link }: { link: string }) {
  const query = usePublicProfessional(link);
  if (!link) return <BookingError message={INVALID_LINK_MESSAGE} />;
  if (query.isPending) return <BookingLoading link={link} />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) return <ProfessionalNotFound />;
    return (
      <BookingError
        message={describeLoadError(query.error)}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  }
  return <LoadedPage data={query.data} />;
}

/** The title the server already gave the shared link's HTML (features/public-profile/html.ts). */
function useSharedLinkTitle(businessName: string) {
  useEffect(() => {
    const previous = document.title;
    document.title = `${businessName} · Agende online`;
    return () => {
      document.title = previous;
    };
  }, [businessName]);
}

function LoadedPage({ data }: { data: PublicProfessionalResponse }) {
  useSharedLinkTitle(data.profile.businessName);
  return (
    <div className="flex min-h-dvh flex-col bg-muted/40">
      <main className="mx-auto w-full max-w-3xl flex-1 space-y-6 px-3 py-6 sm:px-6 sm:py-10">
        <ProfessionalHeader profile={data.profile} />
        {data.address ? <BusinessAddress address={data.address} /> : null}
        {data.bookingPaused ? (
          <BookingPaused whatsapp={data.whatsapp} />
        ) : (
          <BookingWizard data={data} />
        )}
      </main>
      <BookingFooter />
    </div>
  );
}

/**
 * The business address with a map link (docs/decisions/013-after-the-booking.md). The map
 * address is built here, not with the shared `mapUrlFor`: no value of @agendaki/shared is
 * imported into this page's first download.
 */
function BusinessAddress({ address }: { address: string }) {
  const map = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
  return (
    <p className="flex flex-wrap items-center justify-center gap-x-2 text-center text-sm text-muted-foreground">
      <span>{address}</span>
      <a className="font-medium text-primary underline" href={map} target="_blank" rel="noreferrer">
        Ver no mapa
      </a>
    </p>
  );
}
