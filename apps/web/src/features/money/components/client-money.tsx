import { type Client, formatCurrencyFromCents, formatIsoDate } from '@agendaki/shared';
import { Package, Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useClientMoneyOnCard } from '../api/packages';
import { SellPackageDialog } from './sell-package-dialog';

/** On the client's card: her packages (sessions left, validity), what she owes, "Vender pacote". */
export function ClientMoneySection({ client }: { client: Client }) {
  const money = useClientMoneyOnCard(client.id);
  const [isSelling, setIsSelling] = useState(false);
  const packages = (money.data?.packages ?? []).filter((p) => !p.isExpired && p.sessionsLeft > 0);
  return (
    <div className="grid gap-2 text-sm" aria-label={`Pacotes e pagamentos de ${client.name}`}>
      {packages.map((p) => (
        <p key={p.id} className="flex items-start gap-2">
          <Package className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span>
            {p.name}: {p.sessionsLeft} de {p.sessionsTotal}{' '}
            {p.sessionsTotal === 1 ? 'sessão' : 'sessões'} · válido até {formatIsoDate(p.expiresOn)}
          </span>
        </p>
      ))}
      {money.data && money.data.owedCents > 0 ? (
        <p className="font-medium text-warning">
          Em aberto (fiado): {formatCurrencyFromCents(money.data.owedCents)}
        </p>
      ) : null}
      <Button
        variant="ghost"
        size="sm"
        className="w-fit px-2"
        onClick={() => setIsSelling(true)}
        aria-label={`Vender pacote para ${client.name}`}
      >
        <Plus aria-hidden="true" />
        Vender pacote
      </Button>
      {isSelling ? (
        <SellPackageDialog client={client} open={isSelling} onOpenChange={setIsSelling} />
      ) : null}
    </div>
  );
}
