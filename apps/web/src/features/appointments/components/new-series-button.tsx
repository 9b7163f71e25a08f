import { DEFAULT_TIMEZONE, zonedToday } from '@agendaki/shared';
import { Repeat } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { SeriesFormDialog } from './series-form-dialog';

/** A client's card: "Horário fixo" opens the series form with the client chosen. */
export function NewSeriesButton({
  client,
  timeZone = DEFAULT_TIMEZONE,
}: {
  client: { id: string; name: string };
  timeZone?: string;
}) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        onClick={() => setIsOpen(true)}
        aria-label={`Novo horário fixo de ${client.name}`}
      >
        <Repeat aria-hidden="true" />
        Horário fixo
      </Button>
      <SeriesFormDialog
        open={isOpen}
        onOpenChange={setIsOpen}
        today={zonedToday(new Date(), timeZone)}
        initialClient={client}
      />
    </>
  );
}
