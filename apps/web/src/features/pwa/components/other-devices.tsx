import type { PushDevice } from '@agendaki/shared';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/api-client';
import { useRemoveDevice } from '../api/push';

const dateOf = (iso: string) => {
  const [year, month, day] = iso.slice(0, 10).split('-');
  return `${day}/${month}/${year}`;
};

/** The professional's other subscribed devices, each removable from here. */
export function OtherDevices({ devices }: { devices: PushDevice[] }) {
  const remove = useRemoveDevice();
  if (devices.length === 0) return null;
  return (
    <section aria-label="Outros aparelhos" className="space-y-2">
      <h4 className="text-sm font-medium">Outros aparelhos com notificações</h4>
      <ul className="divide-y rounded-md border">
        {devices.map((device) => (
          <li key={device.id} className="flex items-center justify-between gap-4 px-4 py-3">
            <span className="text-sm">
              {device.label}
              <span className="block text-xs text-muted-foreground">
                desde {dateOf(device.createdAt)}
              </span>
            </span>
            <Button
              variant="outline"
              size="sm"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(device.id, {
                  onSuccess: () => toast.success('Aparelho removido'),
                  onError: (error) =>
                    toast.error('Não foi possível remover', {
                      description: getErrorMessage(error),
                    }),
                })
              }
            >
              Remover
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
