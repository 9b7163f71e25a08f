import {
  PUBLIC_DATA_ELEMENT_ID,
  type BookingInput,
  type BookingResponse,
  type PublicProfessionalResponse,
  type PowChallenge,
  type PublicService,
} from '@agendaki/shared';
import { createChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';

/**
 * A real challenge of `GET /api/public/booking-challenge` (decision 028), at the cheapest cost:
 * the page solves it for real with Web Crypto.
 */
export const POW_CHALLENGE: PowChallenge = (await createChallenge({
  algorithm: 'PBKDF2/SHA-256',
  cost: 1,
  counter: 2,
  deriveKey,
  data: { expiresAt: Date.now() + 30 * 60_000 },
  hmacSignatureSecret: 'test-signature',
  hmacKeySignatureSecret: 'test-key',
})) as PowChallenge;

/** Real-shaped answers of the public booking API (apps/server features/public-profile, booking). */

export const PROFESSIONAL_ID = '6b0f8a52-1c1e-4a8f-9f5e-2d7c1e0a9b11';

export function makeService(overrides: Partial<PublicService> = {}): PublicService {
  return {
    id: crypto.randomUUID(),
    name: 'Corte feminino',
    description: 'Lavagem, corte e finalização.',
    price: '80.00',
    priceCents: 8000,
    durationMinutes: 60,
    imageUrl: null,
    thumbnailUrl: null,
    ...overrides,
  };
}

export const corte = makeService({
  id: '0c6a7a3e-0000-4000-8000-000000000001',
  name: 'Corte feminino',
  imageUrl: '/uploads/0123456789abcdef0123456789abcdef.webp',
  thumbnailUrl: '/uploads/fedcba9876543210fedcba9876543210.webp',
});
export const escova = makeService({
  id: '0c6a7a3e-0000-4000-8000-000000000002',
  name: 'Escova',
  description: null,
  price: '50.00',
  priceCents: 5000,
  durationMinutes: 30,
});

/** Friday 20/11/2026 in São Paulo; open Monday to Saturday. */
export function makeProfessional(
  overrides: Partial<PublicProfessionalResponse> = {},
): PublicProfessionalResponse {
  return {
    profile: {
      id: PROFESSIONAL_ID,
      professionalName: 'Ana Paula Souza',
      businessName: 'Studio Ana',
      bio: 'Cortes e coloração com hora marcada.',
      avatarUrl: null,
      customLink: 'studio-ana',
      timezone: 'America/Sao_Paulo',
    },
    services: [corte, escova],
    openWeekdays: [1, 2, 3, 4, 5, 6],
    today: '2026-11-20',
    bookingPaused: false,
    whatsapp: null,
    lastBookableDate: '2027-01-19',
    ...overrides,
  };
}

export function makeBookingResponse(input: BookingInput): BookingResponse {
  return {
    bookingId: '9d1b5c8e-0000-4000-8000-0000000000aa',
    date: input.date,
    time: input.time,
    appointments: input.serviceIds.map((id, index) => ({
      id: `9d1b5c8e-0000-4000-8000-00000000010${index}`,
      serviceName: id === corte.id ? corte.name : escova.name,
      startTime: input.time,
      endTime: input.time,
      priceCents: id === corte.id ? corte.priceCents : escova.priceCents,
    })),
    totalPriceCents: 13000,
  };
}

/** What the server writes into the page's HTML. */
export function embedProfessional(data: unknown): HTMLScriptElement {
  const script = document.createElement('script');
  script.id = PUBLIC_DATA_ELEMENT_ID;
  script.type = 'application/json';
  script.textContent = typeof data === 'string' ? data : JSON.stringify(data);
  document.body.append(script);
  return script;
}
