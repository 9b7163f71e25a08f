import type { ManageView } from '@agendaki/shared';
import { CalendarCheck, CalendarClock, CalendarX2, MessageCircle } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import type { useManageAction } from '../api/manage';
import { Reschedule } from './reschedule';

/**
 * What the client can still do: confirm, reschedule or cancel before the cutoff; after it,
 * only talk to the professional.
 */
export function ManageActions({
  token,
  data,
  action,
  onMessage,
}: {
  token: string;
  data: ManageView;
  action: ReturnType<typeof useManageAction>;
  onMessage: (text: string | null) => void;
}) {
  const [mode, setMode] = useState<'view' | 'cancel' | 'reschedule'>('view');

  function run(kind: 'confirm' | 'cancel', done: string) {
    onMessage(null);
    action.mutate(
      { type: kind },
      {
        onSuccess: () => {
          setMode('view');
          onMessage(done);
        },
      },
    );
  }

  return (
    <>
      {data.status === 'cancelled' ? (
        <p className="rounded-lg border bg-card p-4 text-sm">
          {data.series
            ? 'Esta data não vai acontecer. As outras datas do seu horário fixo continuam marcadas.'
            : `Este agendamento foi cancelado. Para marcar outro horário, fale com ${data.professionalName}.`}
        </p>
      ) : data.canChange ? (
        mode === 'reschedule' ? (
          <Reschedule
            token={token}
            data={data}
            onDone={(text) => {
              setMode('view');
              onMessage(text);
            }}
            onBack={() => setMode('view')}
          />
        ) : mode === 'cancel' ? (
          <section
            aria-label="Cancelar agendamento"
            className="space-y-3 rounded-2xl border bg-card p-4"
          >
            <p className="font-medium">
              Cancelar este agendamento? O horário fica livre para outra pessoa.
            </p>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Button
                variant="destructive"
                size="lg"
                disabled={action.isPending}
                onClick={() => run('cancel', 'Agendamento cancelado.')}
              >
                Sim, cancelar
              </Button>
              <Button variant="outline" size="lg" onClick={() => setMode('view')}>
                Voltar
              </Button>
            </div>
          </section>
        ) : (
          <section aria-label="Ações" className="grid gap-2">
            {data.status !== 'confirmed' ? (
              <Button
                size="lg"
                disabled={action.isPending}
                onClick={() => run('confirm', 'Presença confirmada. Até lá!')}
              >
                <CalendarCheck aria-hidden="true" />
                Confirmar presença
              </Button>
            ) : null}
            <Button
              variant="outline"
              size="lg"
              onClick={() => {
                onMessage(null);
                action.reset();
                setMode('reschedule');
              }}
            >
              <CalendarClock aria-hidden="true" />
              Remarcar
            </Button>
            <Button
              variant="outline"
              size="lg"
              onClick={() => {
                onMessage(null);
                action.reset();
                setMode('cancel');
              }}
            >
              <CalendarX2 aria-hidden="true" />
              Cancelar agendamento
            </Button>
            <p className="text-center text-xs text-muted-foreground">
              {data.cutoffHours > 0
                ? `Alterações pelo link até ${data.cutoffHours} ${data.cutoffHours === 1 ? 'hora' : 'horas'} antes.`
                : 'Alterações pelo link até o horário marcado.'}
            </p>
          </section>
        )
      ) : (
        <section
          aria-label="Fale com o profissional"
          className="space-y-3 rounded-2xl border bg-card p-4"
        >
          <p className="text-sm">
            O prazo para confirmar, remarcar ou cancelar pelo link terminou.
          </p>
          {data.whatsappUrl ? (
            <Button asChild size="lg" className="w-full">
              <a href={data.whatsappUrl} target="_blank" rel="noreferrer">
                <MessageCircle aria-hidden="true" />
                Fale com {data.professionalName}
              </a>
            </Button>
          ) : data.phone ? (
            <p className="text-sm font-medium">
              Fale com {data.professionalName}: {data.phone}
            </p>
          ) : (
            <p className="text-sm font-medium">Fale com {data.professionalName}.</p>
          )}
        </section>
      )}
    </>
  );
}
