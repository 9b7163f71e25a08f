import { formatCentsForInput, parseBrlToCents } from '@agendaki/shared';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { Input } from './input';

export interface MoneyInputProps extends Omit<
  ComponentProps<'input'>,
  'type' | 'inputMode' | 'value' | 'defaultValue' | 'onChange'
> {
  /** The text as typed ("45,50", "R$ 1.234,56"); a form schema turns it into cents. */
  value: string;
  onValueChange: (text: string) => void;
}

/**
 * The one money field of the product, in BRL. Never `type="number"`: that input drops a typed
 * comma, turning 45,50 into 4550. It takes what people in Brazil type (`parseBrlToCents` in
 * packages/shared) and, on leaving the field, shows the amount in pt-BR ("1.234,56") beside a
 * visible "R$". What it cannot read stays as typed, for the form to explain.
 */
export function MoneyInput({ value, onValueChange, onBlur, className, ...props }: MoneyInputProps) {
  return (
    <div className="relative">
      <span
        aria-hidden="true"
        className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-base text-muted-foreground md:text-sm"
      >
        R$
      </span>
      <Input
        placeholder="0,00"
        autoComplete="off"
        {...props}
        type="text"
        inputMode="decimal"
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        onBlur={(event) => {
          const result = parseBrlToCents(event.target.value);
          if (result.ok) onValueChange(formatCentsForInput(result.cents));
          onBlur?.(event);
        }}
        className={cn('pl-10 tabular-nums', className)}
      />
    </div>
  );
}
