import { PRODUCT_NAME } from '@agendaki/shared';
import { CalendarCheck } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';

export interface BrandLogoProps {
  className?: string;
  /** Where the mark leads; the landing page unless told (the dashboard links its own home). */
  to?: string;
  /** Classes of the product name, e.g. to hide it in the collapsed sidebar. */
  nameClassName?: string;
}

/** The product mark, linking home. The icon is decorative: the name is the link's text. */
export function BrandLogo({ className, to = paths.home.getHref(), nameClassName }: BrandLogoProps) {
  return (
    <Link
      to={to}
      className={cn(
        'inline-flex items-center gap-2 rounded-md text-lg font-bold tracking-tight text-foreground outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
        className,
      )}
    >
      <span className="grid size-8 shrink-0 place-items-center rounded-lg bg-gradient-to-br from-teal-500 to-teal-700 text-white shadow-sm">
        <CalendarCheck className="size-[18px]" aria-hidden="true" />
      </span>
      <span className={nameClassName}>{PRODUCT_NAME}</span>
    </Link>
  );
}
