import { formatIsoDate } from '@agendaki/shared';
import { format, parse } from 'date-fns';
import { CalendarDays } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Calendar } from '@/components/ui/calendar';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { cn } from '@/lib/cn';

const ISO = 'yyyy-MM-dd';

export interface DateFieldProps {
  id: string;
  /** "YYYY-MM-DD", or '' for none. */
  value: string;
  onChange: (value: string) => void;
  /** "Today" in the professional's zone, marked on the calendar. */
  today: string;
  isInvalid?: boolean;
}

/** A calendar date as a button that opens a month calendar; the value stays an ISO string. */
export function DateField({ id, value, onChange, today, isInvalid }: DateFieldProps) {
  const [isOpen, setIsOpen] = useState(false);
  // Calendar days are local Dates at midnight; only their year, month and day matter here.
  const selected = value ? parse(value, ISO, new Date()) : undefined;
  const todayDate = parse(today, ISO, new Date());

  return (
    <Popover open={isOpen} onOpenChange={setIsOpen}>
      <PopoverTrigger asChild>
        <Button
          id={id}
          type="button"
          variant="outline"
          aria-invalid={isInvalid || undefined}
          aria-label={`Data: ${value ? formatIsoDate(value) : 'escolha uma data'}`}
          className={cn(
            'w-full justify-start font-normal aria-invalid:border-destructive',
            !value && 'text-muted-foreground',
          )}
        >
          <CalendarDays aria-hidden="true" />
          {value ? formatIsoDate(value) : 'Escolha uma data'}
        </Button>
      </PopoverTrigger>
      <PopoverContent className="w-auto p-0" align="start">
        <Calendar
          mode="single"
          selected={selected}
          defaultMonth={selected ?? todayDate}
          today={todayDate}
          autoFocus
          onSelect={(date) => {
            if (!date) return;
            onChange(format(date, ISO));
            setIsOpen(false);
          }}
        />
      </PopoverContent>
    </Popover>
  );
}
