import { ClipboardList } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useBookingForms } from '../api/get-booking-forms';

/**
 * Right after the booking: when its services ask for an anamnesis form, the way to answer it
 * now, on the booking's own page (its consent text and the form are there).
 */
export function AnamnesisPrompt({ token, path }: { token: string; path: string }) {
  const forms = useBookingForms(token);
  const pending = forms.data?.forms.filter((form) => !form.answeredAt) ?? [];
  if (pending.length === 0) return null;
  return (
    <div className="grid gap-2 rounded-lg border bg-muted/40 p-3">
      <p className="text-sm">
        Este atendimento pede uma ficha de anamnese. Responda agora, leva poucos minutos.
      </p>
      <Button asChild variant="secondary" size="lg">
        <a href={`${path}#ficha`}>
          <ClipboardList aria-hidden="true" />
          Responder ficha de anamnese
        </a>
      </Button>
    </div>
  );
}
