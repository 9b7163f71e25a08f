import { PUSH_KIND_LABELS, PUSH_KINDS, type PushDevice, type PushKind } from '@agendaki/shared';
import { BellRing, Send, Smartphone } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { getErrorMessage } from '@/lib/api-client';
import {
  usePushStatus,
  useRemoveDevice,
  useSaveDevice,
  useSendTestPush,
  useUpdateDeviceKinds,
} from '../api/push';
import { isIos, isPushSupported } from '../lib/platform';
import {
  currentSubscription,
  PushSetupError,
  subscribeThisDevice,
  unsubscribeThisDevice,
} from '../lib/push-subscription';
import { OtherDevices } from './other-devices';

const errorText = (error: unknown) =>
  error instanceof PushSetupError ? error.message : getErrorMessage(error);

/**
 * Configurações > Aplicativo: Web Push on this device, each kind on or off, a test, and the
 * other devices that receive them (issue 48).
 */
export function NotificationSettings() {
  const status = usePushStatus();
  const save = useSaveDevice();
  const [thisId, setThisId] = useState<string | null>(null);
  const [isChecking, setIsChecking] = useState(true);
  const [isEnabling, setIsEnabling] = useState(false);
  const isSupported = isPushSupported();
  const publicKey = status.data?.publicKey;
  const saveDevice = save.mutateAsync;

  // A browser already subscribed is this device's row (made again if the server dropped it).
  useEffect(() => {
    if (!publicKey) return;
    let isLive = true;
    const check = async () => {
      if (isSupported && Notification.permission === 'granted') {
        const input = await currentSubscription(publicKey);
        if (input) {
          const device = await saveDevice(input);
          if (isLive) setThisId(device.id);
        }
      }
    };
    check()
      .catch(() => undefined)
      .finally(() => isLive && setIsChecking(false));
    return () => {
      isLive = false;
    };
  }, [publicKey, isSupported, saveDevice]);

  async function enable() {
    if (!publicKey) return;
    setIsEnabling(true);
    try {
      const device = await saveDevice(await subscribeThisDevice(publicKey));
      setThisId(device.id);
      toast.success('Notificações ativadas neste aparelho');
    } catch (error) {
      toast.error('Não foi possível ativar as notificações', { description: errorText(error) });
    } finally {
      setIsEnabling(false);
    }
  }

  const devices = status.data?.devices ?? [];
  const thisDevice = devices.find((d) => d.id === thisId);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <BellRing aria-hidden="true" className="size-5" />
          Notificações
        </CardTitle>
        <CardDescription>
          Um aviso no celular quando um cliente agenda, cancela, remarca ou confirma, quando um
          sinal Pix chega ou expira e quando alguém da lista de espera aceita uma vaga. Tocar no
          aviso abre o agendamento.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {!isSupported ? (
          <p className="text-sm text-muted-foreground">
            {isIos()
              ? 'No iPhone, os avisos chegam pelo app instalado: adicione o Agendaki à Tela de Início (iOS 16.4 ou mais recente) e ative as notificações por lá.'
              : 'Este navegador não recebe notificações. Use o Chrome, o Edge, o Firefox ou o Samsung Internet.'}
          </p>
        ) : status.isPending || isChecking ? (
          <Skeleton className="h-24 w-full" />
        ) : status.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {getErrorMessage(status.error)}
          </p>
        ) : thisDevice ? (
          <ThisDevice device={thisDevice} onRemoved={() => setThisId(null)} />
        ) : (
          <Button onClick={() => void enable()} disabled={isEnabling}>
            <Smartphone aria-hidden="true" />
            {isEnabling ? 'Ativando...' : 'Ativar notificações neste aparelho'}
          </Button>
        )}
        <OtherDevices devices={devices.filter((d) => d.id !== thisId)} />
      </CardContent>
    </Card>
  );
}

function ThisDevice({ device, onRemoved }: { device: PushDevice; onRemoved: () => void }) {
  const update = useUpdateDeviceKinds();
  const remove = useRemoveDevice();
  const test = useSendTestPush();

  function toggle(kind: PushKind, isOn: boolean) {
    const disabledKinds = isOn
      ? device.disabledKinds.filter((k) => k !== kind)
      : [...device.disabledKinds, kind];
    update.mutate(
      { id: device.id, disabledKinds },
      {
        onError: (error) =>
          toast.error('Não foi possível salvar', { description: errorText(error) }),
      },
    );
  }

  async function turnOff() {
    try {
      await remove.mutateAsync(device.id);
      await unsubscribeThisDevice();
      onRemoved();
      toast.success('Notificações desativadas neste aparelho');
    } catch (error) {
      toast.error('Não foi possível desativar', { description: errorText(error) });
    }
  }

  return (
    <section aria-label="Este aparelho" className="space-y-4">
      <p className="text-sm">
        Ativadas neste aparelho: <span className="font-medium">{device.label}</span>
      </p>
      <ul className="divide-y rounded-md border">
        {PUSH_KINDS.map((kind) => {
          const id = `push-kind-${kind}`;
          return (
            <li key={kind} className="flex items-center justify-between gap-4 px-4 py-3">
              <Label htmlFor={id} className="font-normal">
                {PUSH_KIND_LABELS[kind]}
              </Label>
              <Switch
                id={id}
                checked={!device.disabledKinds.includes(kind)}
                disabled={update.isPending}
                onCheckedChange={(isOn) => toggle(kind, isOn)}
              />
            </li>
          );
        })}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          disabled={test.isPending}
          onClick={() =>
            test.mutate(device.id, {
              onSuccess: () => toast.success('Notificação de teste enviada'),
              onError: (error) =>
                toast.error('Não foi possível enviar o teste', { description: errorText(error) }),
            })
          }
        >
          <Send aria-hidden="true" />
          Enviar teste
        </Button>
        <Button variant="ghost" disabled={remove.isPending} onClick={() => void turnOff()}>
          Desativar neste aparelho
        </Button>
      </div>
    </section>
  );
}
