import { LoaderCircle } from 'lucide-react';
import { cn } from '@/lib/cn';

export interface SpinnerProps {
  className?: string;
  /** Read by screen readers; the icon itself is decorative. */
  label?: string;
}

export function Spinner({ className, label = 'Carregando...' }: SpinnerProps) {
  return (
    <span role="status" className="inline-flex items-center">
      <LoaderCircle
        aria-hidden="true"
        className={cn('size-6 animate-spin text-primary', className)}
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}
