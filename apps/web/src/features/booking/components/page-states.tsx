import { CalendarX2, CircleAlert, RotateCw } from 'lucide-react';
import { StateCard } from '@/components/layouts/state-page';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** While the profile loads (only when the server did not embed it in the page). */
export function BookingLoading({ link }: { link: string }) {
  useDocumentTitle('Carregando dados...');
  return (
    <StateCard icon={<Spinner className="size-8" label="Carregando dados..." />}>
      <p className="font-medium" aria-hidden="true">
        Carregando dados...
      </p>
      <p className="text-sm break-all text-muted-foreground">
        Link: <span className="font-medium text-foreground">{link}</span>
      </p>
    </StateCard>
  );
}

export interface BookingErrorProps {
  message: string;
  /** Absent when trying again cannot help (no link at all). */
  onRetry?: () => void;
  isRetrying?: boolean;
}

export function BookingError({ message, onRetry, isRetrying }: BookingErrorProps) {
  useDocumentTitle('Erro');
  return (
    <StateCard icon={<CircleAlert className="size-10 text-destructive" aria-hidden="true" />}>
      <h1 className="text-xl font-semibold">Não foi possível abrir a página</h1>
      <p role="alert" className="text-muted-foreground">
        {message}
      </p>
      {onRetry ? (
        <Button variant="outline" onClick={onRetry} disabled={isRetrying}>
          <RotateCw className={isRetrying ? 'animate-spin' : undefined} aria-hidden="true" />
          Tentar novamente
        </Button>
      ) : null}
    </StateCard>
  );
}

/** Unknown link, inactive profile or no subscription access: the server says 404 to all. */
export function ProfessionalNotFound() {
  useDocumentTitle('Profissional não encontrado');
  return (
    <StateCard icon={<CalendarX2 className="size-10 text-muted-foreground" aria-hidden="true" />}>
      <h1 className="text-xl font-semibold">Profissional não encontrado</h1>
      <p className="text-muted-foreground">
        Este profissional ainda não está ativo para agendamentos online. Entre em contato
        diretamente com ele para marcar seu horário.
      </p>
    </StateCard>
  );
}
