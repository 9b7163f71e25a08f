// The shape of the benchmark's data: a week of hours, four services, pt-BR names, and each
// professional's agenda and clients, generated deterministically (the same dataset every run).
import { addDaysToDate, getWeekday } from '@agendaki/shared';

/** Monday to Friday 09:00-12:00 and 13:00-18:00, Saturday 09:00-13:00. */
export const WEEK = [
  ...[1, 2, 3, 4, 5].flatMap((dayOfWeek) => [
    { dayOfWeek, startTime: '09:00', endTime: '12:00', isActive: true },
    { dayOfWeek, startTime: '13:00', endTime: '18:00', isActive: true },
  ]),
  { dayOfWeek: 6, startTime: '09:00', endTime: '13:00', isActive: true },
  { dayOfWeek: 0, startTime: '09:00', endTime: '13:00', isActive: false },
];

export const SERVICES = [
  { name: 'Corte', price: 45, durationMinutes: 30, description: 'Corte com lavagem' },
  { name: 'Barba', price: 30, durationMinutes: 30, description: null },
  { name: 'Coloração', price: 120, durationMinutes: 60, description: 'Tintura completa' },
  { name: 'Manicure', price: 40, durationMinutes: 60, description: null },
];

export const FIRST = [
  'Ana',
  'Bruno',
  'Carla',
  'Diego',
  'Elisa',
  'Fábio',
  'Gabriela',
  'Heitor',
  'Íris',
  'João',
  'Larissa',
  'Márcio',
  'Natália',
  'Otávio',
  'Paula',
  'Rafael',
  'Sônia',
  'Tiago',
  'Vanessa',
  'Wagner',
];
export const LAST = [
  'Souza',
  'Silva',
  'Oliveira',
  'Santos',
  'Pereira',
  'Lima',
  'Carvalho',
  'Ribeiro',
  'Almeida',
  'Gonçalves',
  'Araújo',
  'Barbosa',
  'Rocha',
  'Dias',
  'Moreira',
];

/** Deterministic pseudo-random numbers (mulberry32): the same dataset on every run. */
export function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = (rand, items) => items[Math.floor(rand() * items.length)];
const hhmm = (minutes) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The half-hour cells of a day's hours, by weekday (none on Sunday). */
function cellsOf(weekday) {
  const windows = WEEK.filter((w) => w.dayOfWeek === weekday && w.isActive).map((w) => [
    Number(w.startTime.slice(0, 2)) * 60,
    Number(w.endTime.slice(0, 2)) * 60,
  ]);
  return windows.map(([start, end]) => {
    const cells = [];
    for (let m = start; m < end; m += 30) cells.push(m);
    return cells;
  });
}

/**
 * One professional's agenda: the coming 30 days lightly booked, then today and back into the
 * past until `count` appointments, a few a day, never overlapping, with the statuses a real
 * agenda has. Returns the rows and the free half-hour cells of the coming days (the booking
 * benchmark books those).
 */
export function planAgenda({ rand, today, count, services, clientIds }) {
  const rows = [];
  const takenByDate = new Map();
  const fill = (date, perDay) => {
    const isFuture = date > today;
    const taken = new Set();
    takenByDate.set(date, taken);
    const windows = cellsOf(getWeekday(date));
    const cellCount = windows.reduce((sum, w) => sum + w.length, 0);
    for (const window of windows) {
      for (const [index, cell] of window.entries()) {
        if (rows.length >= count) return;
        if (taken.has(cell) || rand() > (perDay / cellCount) * 1.4) continue;
        const service = pick(rand, services);
        const cells = window.slice(index, index + service.durationMinutes / 30);
        if (cells.length * 30 < service.durationMinutes || cells.some((c) => taken.has(c)))
          continue;
        for (const c of cells) taken.add(c);
        const roll = rand();
        const status = isFuture
          ? roll < 0.7
            ? 'scheduled'
            : roll < 0.95
              ? 'confirmed'
              : 'cancelled'
          : roll < 0.85
            ? 'completed'
            : roll < 0.95
              ? 'cancelled'
              : 'scheduled';
        rows.push({
          clientId: pick(rand, clientIds),
          serviceId: service.id,
          appointmentDate: date,
          startTime: hhmm(cell),
          endTime: hhmm(cell + service.durationMinutes),
          totalPrice: service.price,
          status,
          notes: rand() < 0.1 ? 'Cliente prefere atendimento rápido' : null,
        });
      }
    }
  };
  const coming = Array.from({ length: 30 }, (_, d) => addDaysToDate(today, d + 1));
  for (const date of coming) fill(date, 2 + Math.floor(rand() * 3));
  for (let d = 0; rows.length < count && d < 3650; d += 1) {
    fill(addDaysToDate(today, -d), 4 + Math.floor(rand() * 4));
  }
  const free = [];
  for (const date of coming) {
    const taken = takenByDate.get(date);
    for (const window of cellsOf(getWeekday(date))) {
      for (const cell of window) if (!taken.has(cell)) free.push({ date, time: hhmm(cell) });
    }
  }
  return { rows, free };
}

export function clientRows({ rand, professionalId, count, index, now }) {
  return Array.from({ length: count }, (_, i) => {
    const first = pick(rand, FIRST);
    const last = pick(rand, LAST);
    const createdAt = new Date(now.getTime() - Math.floor(rand() * 365) * 86_400_000);
    return {
      professionalId,
      name: `${first} ${last}`,
      email:
        rand() < 0.9
          ? `${first}.${last}.${index}.${i}@exemplo.com.br`
              .toLowerCase()
              .normalize('NFD')
              .replace(/[\u0300-\u036f]/g, '')
          : null,
      phone: rand() < 0.8 ? `11 9${String(Math.floor(rand() * 1e8)).padStart(8, '0')}` : null,
      notes: null,
      createdAt,
      updatedAt: createdAt,
    };
  });
}
