import { formatCurrencyFromCents, type DepositCharge } from '@agendaki/shared';
import { Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';

function remaining(deadline: string, now: number): string {
  const seconds = Math.max(0, Math.floor((new Date(deadline).getTime() - now) / 1000));
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * The Pix sinal to pay (docs/decisions/017-pix-sinal.md): the QR code the server drew, the
 * "Pix Copia e Cola" with a copy button, the amount and the time left. Used by the success
 * screen of the public booking and the manage page; no QR library on the client.
 */
export function PixPayment({ deposit }: { deposit: DepositCharge }) {
  const [now, setNow] = useState(() => Date.now());
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const over = new Date(deposit.deadline).getTime() <= now;

  async function copy() {
    try {
      await navigator.clipboard.writeText(deposit.brCode);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }

  return (
    <section
      aria-labelledby="pix-payment-title"
      className="space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-left text-amber-950"
    >
      <h3 id="pix-payment-title" className="text-base font-semibold">
        Pague o sinal de {formatCurrencyFromCents(deposit.amountCents)} por Pix
      </h3>
      <p className="text-sm">
        {over ? (
          'O prazo para pagar terminou.'
        ) : (
          <>
            Pague até {deposit.deadlineTime} para confirmar. Tempo restante:{' '}
            <strong data-testid="pix-countdown" className="tabular-nums">
              {remaining(deposit.deadline, now)}
            </strong>
          </>
        )}
      </p>
      {deposit.qrSvg ? (
        <div
          role="img"
          aria-label="QR Code do Pix"
          data-testid="pix-qr"
          className="mx-auto w-52 max-w-full rounded-lg bg-white p-2 [&_svg]:h-auto [&_svg]:w-full"
          style={{ width: 208, maxWidth: '100%' }}
          // Drawn by the server (features/deposits/charge.ts): a QR code of the BR Code only.
          dangerouslySetInnerHTML={{ __html: deposit.qrSvg }}
        />
      ) : null}
      <label className="grid gap-1 text-sm font-medium">
        Pix Copia e Cola
        <textarea
          readOnly
          rows={3}
          value={deposit.brCode}
          data-testid="pix-copia-e-cola"
          className="w-full resize-none rounded-md border bg-white p-2 font-mono text-xs break-all"
          onFocus={(e) => e.currentTarget.select()}
        />
      </label>
      <Button type="button" className="w-full" onClick={() => void copy()}>
        <Copy aria-hidden="true" />
        {copied ? 'Código copiado!' : 'Copiar código Pix'}
      </Button>
      <p className="text-xs">
        Sem o pagamento no prazo, o agendamento é cancelado e o horário liberado.
      </p>
    </section>
  );
}
