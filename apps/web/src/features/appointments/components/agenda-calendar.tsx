import {
  APPOINTMENT_STATUS_LABELS,
  minutesToTime,
  timeToMinutes,
  zonedNow,
  type AgendaCalendar as CalendarData,
  type Appointment,
} from '@agendaki/shared';
import { Repeat } from 'lucide-react';
import { useEffect, useState } from 'react';
import { cn } from '@/lib/cn';
import {
  getClosedRanges,
  getGridBounds,
  getSlotStarts,
  overlapsAny,
  type CalendarView,
} from '../lib/calendar-grid';
import {
  describeAppointment,
  formatColumnDay,
  formatLongDay,
  STATUS_CLASSES,
} from '../lib/calendar-labels';

/** One pixel per minute: an hour is 64 px tall, a half-hour slot 32 px (a thumb's target). */
const PX_PER_MINUTE = 64 / 60;
const px = (minutes: number) => `${minutes * PX_PER_MINUTE}px`;

function useNow(timeZone: string) {
  const [now, setNow] = useState(() => zonedNow(new Date(), timeZone));
  useEffect(() => {
    const timer = window.setInterval(() => setNow(zonedNow(new Date(), timeZone)), 30_000);
    return () => window.clearInterval(timer);
  }, [timeZone]);
  return now;
}

export interface AgendaCalendarProps {
  view: CalendarView;
  data: CalendarData;
  timeZone: string;
  onCreateAt: (date: string, startTime: string) => void;
  onEdit: (appointment: Appointment) => void;
}

/**
 * The Agenda's day and week grid (docs/decisions/014-calendar-and-numbers.md), built here rather
 * than taken from a calendar package: a column per date in the professional's zone, from the
 * earliest window to the latest; closed hours and blocks shaded; appointments placed by time
 * (never overlapping: the database refuses it) as buttons that open the edit form; every free
 * half hour a button that opens the form there; a line at "now". The same content follows as a
 * plain list for screen readers (the grid's buttons are the controls).
 */
export function AgendaCalendar({ view, data, timeZone, onCreateAt, onEdit }: AgendaCalendarProps) {
  const bounds = getGridBounds(data);
  const hours = getSlotStarts(bounds, 60);
  const slots = getSlotStarts(bounds);
  const now = useNow(timeZone);
  const nowMinutes = timeToMinutes(now.time);
  const height = px(bounds.end - bounds.start);

  return (
    <div className="space-y-4">
      <div className="overflow-x-auto rounded-lg border bg-card">
        <div
          className={cn('grid', view === 'week' ? 'min-w-[760px]' : 'min-w-0')}
          style={{ gridTemplateColumns: `3.5rem repeat(${data.days.length}, minmax(0, 1fr))` }}
        >
          <div className="sticky top-0 border-b bg-card" aria-hidden="true" />
          {data.days.map((day) => (
            <div
              key={day.date}
              className={cn(
                'border-b border-l px-2 py-2 text-center text-sm font-medium',
                day.date === now.date && 'text-primary',
              )}
              aria-hidden="true"
            >
              {formatColumnDay(day.date)}
            </div>
          ))}

          <div className="relative" style={{ height }} aria-hidden="true">
            {hours.map((minute) => (
              <span
                key={minute}
                className="absolute right-2 -translate-y-1/2 text-xs text-muted-foreground first:translate-y-0"
                style={{ top: px(minute - bounds.start) }}
              >
                {minutesToTime(minute)}
              </span>
            ))}
          </div>

          {data.days.map((day) => {
            const appointments = data.appointments.filter((a) => a.appointmentDate === day.date);
            const blocks = data.blocks.filter((b) => b.date === day.date);
            const closed = getClosedRanges(day.windows, bounds);
            return (
              <div
                key={day.date}
                role="group"
                aria-label={formatLongDay(day.date)}
                className="relative border-l"
                style={{ height }}
              >
                {hours.map((minute) => (
                  <div
                    key={minute}
                    aria-hidden="true"
                    className="absolute inset-x-0 border-t border-border/70"
                    style={{ top: px(minute - bounds.start) }}
                  />
                ))}
                {closed.map((range) => (
                  <div
                    key={range.start}
                    aria-hidden="true"
                    className="absolute inset-x-0 bg-[repeating-linear-gradient(135deg,var(--muted)_0_6px,transparent_6px_12px)]"
                    style={{
                      top: px(range.start - bounds.start),
                      height: px(range.end - range.start),
                    }}
                  />
                ))}
                {slots
                  .filter((start) => !overlapsAny(start, start + 30, [...appointments, ...blocks]))
                  .map((start) => (
                    <button
                      key={start}
                      type="button"
                      data-slot-time={minutesToTime(start)}
                      aria-label={`Novo agendamento: ${formatLongDay(day.date)} às ${minutesToTime(start)}`}
                      onClick={() => onCreateAt(day.date, minutesToTime(start))}
                      className="absolute inset-x-0 rounded-sm hover:bg-primary/5 focus-visible:z-10 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
                      style={{ top: px(start - bounds.start), height: px(30) }}
                    />
                  ))}
                {blocks.map((block) => {
                  const start = timeToMinutes(block.startTime);
                  const end = timeToMinutes(block.endTime);
                  return (
                    <div
                      key={block.id}
                      className="absolute inset-x-1 overflow-hidden rounded-md border border-dashed border-muted-foreground/40 bg-muted px-2 py-0.5 text-xs text-muted-foreground"
                      style={{ top: px(start - bounds.start), height: px(end - start) }}
                    >
                      Bloqueado {block.startTime}–{block.endTime}
                      {block.note ? `: ${block.note}` : ''}
                    </div>
                  );
                })}
                {appointments.map((appointment) => {
                  const start = timeToMinutes(appointment.startTime);
                  const end = timeToMinutes(appointment.endTime);
                  return (
                    <button
                      key={appointment.id}
                      type="button"
                      aria-label={describeAppointment(appointment)}
                      onClick={() => onEdit(appointment)}
                      className={cn(
                        'absolute inset-x-1 z-[1] overflow-hidden rounded-md border border-l-4 px-2 py-0.5 text-left text-xs shadow-xs focus-visible:z-10 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
                        STATUS_CLASSES[appointment.status],
                      )}
                      style={{
                        top: px(start - bounds.start),
                        height: px(Math.max(end - start, 22)),
                      }}
                    >
                      <span className="block truncate font-medium">
                        {appointment.seriesId ? (
                          <Repeat
                            data-series-mark
                            className="mr-1 inline size-3 align-[-1px]"
                            aria-hidden="true"
                          />
                        ) : null}
                        {appointment.startTime} {appointment.client.name}
                      </span>
                      <span className="block truncate text-muted-foreground">
                        {appointment.service.name} · {APPOINTMENT_STATUS_LABELS[appointment.status]}
                      </span>
                    </button>
                  );
                })}
                {day.date === now.date && nowMinutes >= bounds.start && nowMinutes <= bounds.end ? (
                  <div
                    aria-hidden="true"
                    data-now-line
                    className="pointer-events-none absolute inset-x-0 z-[2] border-t-2 border-destructive"
                    style={{ top: px(nowMinutes - bounds.start) }}
                  />
                ) : null}
              </div>
            );
          })}
        </div>
      </div>

      <section className="sr-only" aria-label="Agendamentos em lista">
        {data.days.map((day) => {
          const appointments = data.appointments.filter((a) => a.appointmentDate === day.date);
          return (
            <div key={day.date}>
              <h3>{formatLongDay(day.date)}</h3>
              {appointments.length === 0 ? (
                <p>{day.closedReason ? 'Fechado' : 'Nenhum agendamento'}</p>
              ) : (
                <ul>
                  {appointments.map((appointment) => (
                    <li key={appointment.id}>{describeAppointment(appointment, false)}</li>
                  ))}
                </ul>
              )}
            </div>
          );
        })}
      </section>
    </div>
  );
}
