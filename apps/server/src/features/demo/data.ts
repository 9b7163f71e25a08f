import type { AppointmentStatus } from '@agendaki/shared';

/**
 * The demo professional behind "Ver Demonstração" (docs/product.md, Ver Demonstração): a studio at /book/demo with
 * real services, hours and a few appointments, created at start when DEMO_DATA is on.
 */

/** Any constant works; instances starting together take turns on it. */
export const DEMO_LOCK_KEY = 7_362_553;
/** How many days ahead, from today, get appointments when they have none. */
export const DEMO_DAYS_AHEAD = 7;

export const DEMO_PROFILE = {
  professionalName: 'Marina Costa',
  businessName: 'Studio Agendaki Demo',
  bio:
    'Cabeleireira e manicure há 12 anos, com atendimento tranquilo e hora marcada. ' +
    'Esta é uma página de demonstração do Agendaki: escolha os serviços, a data e o horário ' +
    'e experimente agendar.',
};

export interface DemoService {
  key: 'corte' | 'escova' | 'hidratacao' | 'manicure' | 'sobrancelhas';
  name: string;
  description: string;
  price: number;
  durationMinutes: number;
  /** "Intervalo após" (docs/decisions/009-real-week.md). */
  bufferMinutes: number;
  image: string;
}

export const DEMO_SERVICES: readonly DemoService[] = [
  {
    key: 'corte',
    name: 'Corte feminino',
    description: 'Lavagem, corte personalizado e finalização com escova.',
    price: 90,
    durationMinutes: 60,
    bufferMinutes: 0,
    image: 'corte-feminino.png',
  },
  {
    key: 'escova',
    name: 'Escova modeladora',
    description: 'Escova com volume e movimento, para o dia a dia ou uma ocasião especial.',
    price: 65,
    durationMinutes: 45,
    bufferMinutes: 0,
    image: 'escova-modeladora.png',
  },
  {
    key: 'hidratacao',
    name: 'Hidratação profunda',
    description: 'Máscara nutritiva e ampola para fios macios, leves e com brilho.',
    price: 80,
    durationMinutes: 30,
    bufferMinutes: 0,
    image: 'hidratacao-profunda.png',
  },
  {
    key: 'manicure',
    name: 'Manicure e pedicure',
    description: 'Cutilagem, esmaltação e hidratação das mãos e dos pés.',
    price: 70,
    durationMinutes: 90,
    bufferMinutes: 15,
    image: 'manicure-e-pedicure.png',
  },
  {
    key: 'sobrancelhas',
    name: 'Design de sobrancelhas',
    description: 'Modelagem com pinça e linha, respeitando o formato do rosto.',
    price: 45,
    durationMinutes: 30,
    bufferMinutes: 0,
    image: 'design-de-sobrancelhas.png',
  },
];

/** Monday to Friday with a lunch break, Saturday mornings, Sunday off. */
export const DEMO_WEEK = [
  { dayOfWeek: 0, startTime: '09:00', endTime: '13:00', isActive: false },
  ...[1, 2, 3, 4, 5].flatMap((dayOfWeek) => [
    { dayOfWeek, startTime: '09:00', endTime: '12:00', isActive: true },
    { dayOfWeek, startTime: '13:00', endTime: '18:00', isActive: true },
  ]),
  { dayOfWeek: 6, startTime: '09:00', endTime: '13:00', isActive: true },
];

export const DEMO_CLIENTS = [
  { name: 'Ana Paula Ribeiro', email: 'ana.ribeiro@exemplo.com.br', phone: '(11) 98765-1201' },
  { name: 'Beatriz Lima', email: 'beatriz.lima@exemplo.com.br', phone: '(11) 99876-3402' },
  { name: 'Carla Mendes', email: 'carla.mendes@exemplo.com.br', phone: '(11) 97654-5603' },
  { name: 'Daniela Rocha', email: 'daniela.rocha@exemplo.com.br', phone: null },
  { name: 'Fernanda Alves', email: 'fernanda.alves@exemplo.com.br', phone: '(11) 96543-7804' },
];

export interface DemoBooking {
  time: string;
  service: DemoService['key'];
  status: AppointmentStatus;
}

/** A few appointments per open day, inside the hours; weekdays rotate through these. */
export const DEMO_WEEKDAY_PATTERNS: readonly (readonly DemoBooking[])[] = [
  [
    { time: '09:00', service: 'corte', status: 'confirmed' },
    { time: '10:30', service: 'sobrancelhas', status: 'scheduled' },
    { time: '14:00', service: 'manicure', status: 'scheduled' },
    { time: '16:30', service: 'hidratacao', status: 'scheduled' },
  ],
  [
    { time: '09:30', service: 'escova', status: 'confirmed' },
    { time: '11:00', service: 'sobrancelhas', status: 'scheduled' },
    { time: '13:00', service: 'corte', status: 'scheduled' },
    { time: '15:00', service: 'manicure', status: 'scheduled' },
  ],
  [
    { time: '10:00', service: 'manicure', status: 'confirmed' },
    { time: '13:30', service: 'hidratacao', status: 'scheduled' },
    { time: '14:30', service: 'escova', status: 'scheduled' },
    { time: '17:00', service: 'corte', status: 'scheduled' },
  ],
];

export const DEMO_SATURDAY_PATTERN: readonly DemoBooking[] = [
  { time: '09:00', service: 'escova', status: 'confirmed' },
  { time: '10:00', service: 'corte', status: 'scheduled' },
  { time: '11:30', service: 'manicure', status: 'scheduled' },
];
