import { formatCurrencyFromCents } from '@agendaki/shared';
import { Check } from 'lucide-react';
import { Skeleton } from '@/components/ui/skeleton';
import { useConfig } from '@/features/config/api/get-config';

/** "R$ 15,00/mês · 7 dias grátis · cancele quando quiser", with the price from the server. */
export function PriceLine() {
  const { data: config, isPending, isError } = useConfig();
  if (isPending) return <Skeleton data-testid="price-line-skeleton" className="mx-auto h-5 w-72" />;
  // Without the server's price we show nothing rather than a price that may be wrong.
  if (isError) return null;

  const items = [
    `${formatCurrencyFromCents(config.planPriceCents)}/mês`,
    `${config.trialDays} dias grátis`,
    'cancele quando quiser',
  ];
  return (
    <ul
      aria-label="Condições do plano"
      className="flex flex-wrap items-center justify-center gap-x-5 gap-y-2 text-sm text-muted-foreground"
    >
      {items.map((item) => (
        <li key={item} className="inline-flex items-center gap-1.5">
          <Check className="size-4 text-primary" aria-hidden="true" />
          {item}
        </li>
      ))}
    </ul>
  );
}
