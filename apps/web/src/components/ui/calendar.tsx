import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { useLayoutEffect, useRef, type ComponentProps } from 'react';
import {
  DayPicker,
  getDefaultClassNames,
  type ChevronProps,
  type DayButtonProps,
} from 'react-day-picker';
import { ptBR } from 'react-day-picker/locale';
import { cn } from '@/lib/cn';
import { buttonVariants } from './button';

function CalendarChevron({ orientation, className }: ChevronProps) {
  const Icon = orientation === 'left' ? ChevronLeftIcon : ChevronRightIcon;
  return <Icon className={cn('size-4', className)} aria-hidden="true" />;
}

/**
 * react-day-picker's own day button, except that it moves the focus in a layout effect, in the
 * same commit as the render that marks the day focused. Its passive effect waits for the next
 * frame, and Preact (the public pages' renderer) runs a component's pending effects when it
 * renders again first: an arrow key followed by Enter before the next frame then ran both days'
 * stale focus effects in turn, each focus event rendering the other day again, and the page's
 * main thread never came back (the keyboard journey hung in CI; booking-a11y.spec.ts "a fast
 * keyboard" reproduces it).
 */
function CalendarDayButton({ day: _day, modifiers, ...buttonProps }: DayButtonProps) {
  const ref = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    if (modifiers.focused) ref.current?.focus();
  }, [modifiers.focused]);
  return <button ref={ref} {...buttonProps} />;
}

/**
 * A month calendar (react-day-picker) in pt-BR: weekday and month names, and the screen-reader
 * labels of days and navigation, come from its `ptBR` locale.
 */
export function Calendar({
  className,
  classNames,
  showOutsideDays = true,
  ...props
}: ComponentProps<typeof DayPicker>) {
  const defaults = getDefaultClassNames();
  return (
    <DayPicker
      locale={ptBR}
      showOutsideDays={showOutsideDays}
      className={cn('p-3', className)}
      classNames={{
        root: cn('w-fit', defaults.root),
        months: 'relative flex flex-col gap-4 sm:flex-row',
        month: 'flex w-full flex-col gap-3',
        nav: 'absolute inset-x-0 top-0 flex items-center justify-between',
        button_previous: cn(
          buttonVariants({ variant: 'ghost', size: 'icon' }),
          'size-8 aria-disabled:opacity-40',
        ),
        button_next: cn(
          buttonVariants({ variant: 'ghost', size: 'icon' }),
          'size-8 aria-disabled:opacity-40',
        ),
        month_caption: 'flex h-8 items-center justify-center px-8',
        caption_label: 'text-sm font-medium first-letter:uppercase',
        month_grid: 'w-full border-collapse',
        weekdays: 'flex',
        weekday: 'w-10 text-[0.8rem] font-normal text-muted-foreground select-none',
        week: 'mt-1 flex w-full',
        day: 'relative size-10 p-0 text-center text-sm select-none',
        day_button: cn(buttonVariants({ variant: 'ghost' }), 'size-10 p-0 font-normal'),
        today:
          'rounded-md [&>button]:font-semibold [&>button]:text-primary [&>button]:ring-1 [&>button]:ring-primary/40',
        selected:
          '[&>button]:bg-primary [&>button]:text-primary-foreground [&>button]:hover:bg-primary-hover [&>button]:hover:text-primary-foreground',
        outside: 'text-muted-foreground/60',
        disabled: 'text-muted-foreground opacity-50',
        hidden: 'invisible',
        ...classNames,
      }}
      components={{ Chevron: CalendarChevron, DayButton: CalendarDayButton }}
      {...props}
    />
  );
}
