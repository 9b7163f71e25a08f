import { DEFAULT_BOOKING_RULES, DEFAULT_PAYMENT_SETTINGS } from '@agendaki/shared';
import { describe, expect, it } from 'vitest';
import { PublicReadCache, type ProfessionalCatalog } from './cache';

function catalog(id: string, customLink: string, businessName = 'Studio'): ProfessionalCatalog {
  return {
    profile: {
      id,
      userId: `user-${id}`,
      professionalName: 'Ana',
      businessName,
      email: 'ana@exemplo.com.br',
      phone: null,
      bio: null,
      avatarUrl: null,
      customLink,
      isActive: true,
      timezone: 'America/Sao_Paulo',
      address: null,
      cancelCutoffMinutes: 120,
      reminderHours: 24,
      clientEmailRequired: true,
      bookingEmailCode: false,
      whatsappTemplate: null,
      isSuspended: false,
    },
    billing: null,
    services: [],
    week: { isDefault: true, windows: [] },
    schedule: { overrides: [], timeOff: [], rules: DEFAULT_BOOKING_RULES },
    payment: { settings: DEFAULT_PAYMENT_SETTINGS, pixProvider: false },
  };
}

/** A load the test finishes by hand, to interleave notices with a read in progress. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';

function listeningCache(): PublicReadCache {
  const cache = new PublicReadCache();
  cache.setListening(true);
  return cache;
}

describe('PublicReadCache', () => {
  it('reads once, then answers from memory until the professional changes', async () => {
    const cache = listeningCache();
    let loads = 0;
    const load = async () => {
      loads += 1;
      return catalog(A, 'studio-ana', `Studio ${loads}`);
    };
    expect((await cache.catalogByLink('studio-ana', load))?.profile.businessName).toBe('Studio 1');
    expect((await cache.catalogByLink('studio-ana', load))?.profile.businessName).toBe('Studio 1');
    expect((await cache.catalogById(A, load))?.profile.businessName).toBe('Studio 1');
    expect(loads).toBe(1);

    cache.changed(B, 'all');
    expect((await cache.catalogByLink('studio-ana', load))?.profile.businessName).toBe('Studio 1');
    cache.changed(A, 'all');
    expect((await cache.catalogByLink('studio-ana', load))?.profile.businessName).toBe('Studio 2');
    expect(cache.stats).toMatchObject({ hits: 3, misses: 2 });
  });

  it('keeps nothing while it cannot hear changes', async () => {
    const cache = new PublicReadCache();
    let loads = 0;
    const load = async () => {
      loads += 1;
      return catalog(A, 'studio-ana');
    };
    await cache.catalogById(A, load);
    await cache.catalogById(A, load);
    expect(loads).toBe(2);

    cache.setListening(true);
    await cache.catalogById(A, load);
    await cache.catalogById(A, load);
    expect(loads).toBe(3);

    // The channel dropped: notices may be lost from now on, so what is in memory goes.
    cache.setListening(false);
    await cache.catalogById(A, load);
    expect(loads).toBe(4);
  });

  it('does not keep a read that a change overtook', async () => {
    const cache = listeningCache();
    const slow = deferred<ProfessionalCatalog>();
    const reading = cache.catalogById(A, () => slow.promise);
    cache.changed(A, 'all'); // committed while the read was on its way
    slow.resolve(catalog(A, 'studio-ana', 'Antigo'));
    expect((await reading)?.profile.businessName).toBe('Antigo');

    const fresh = await cache.catalogById(A, async () => catalog(A, 'studio-ana', 'Novo'));
    expect(fresh?.profile.businessName).toBe('Novo');
  });

  it('does not keep a read that a reconnect overtook', async () => {
    const cache = listeningCache();
    const slow = deferred<ProfessionalCatalog>();
    const reading = cache.catalogById(A, () => slow.promise);
    cache.setListening(false);
    cache.setListening(true);
    slow.resolve(catalog(A, 'studio-ana', 'Antigo'));
    await reading;
    const next = await cache.catalogById(A, async () => catalog(A, 'studio-ana', 'Novo'));
    expect(next?.profile.businessName).toBe('Novo');
  });

  it('keeps a read when only another professional changed meanwhile', async () => {
    const cache = listeningCache();
    const slow = deferred<ProfessionalCatalog>();
    const reading = cache.catalogById(A, () => slow.promise);
    cache.changed(B, 'all');
    slow.resolve(catalog(A, 'studio-ana', 'Guardado'));
    await reading;
    const next = await cache.catalogById(A, async () => catalog(A, 'studio-ana', 'Relido'));
    expect(next?.profile.businessName).toBe('Guardado');
  });

  it('follows a link that moved to another professional', async () => {
    const cache = listeningCache();
    await cache.catalogByLink('studio', async () => catalog(A, 'studio'));
    // A renames the link (A changed) and reads again under the new one; B takes the old link.
    cache.changed(A, 'all');
    await cache.catalogByLink('studio-novo', async () => catalog(A, 'studio-novo'));
    const found = await cache.catalogByLink('studio', async () => catalog(B, 'studio'));
    expect(found?.profile.id).toBe(B);
  });

  it('drops everything on a wildcard notice (a TRUNCATE)', async () => {
    const cache = listeningCache();
    let loads = 0;
    const load = async () => {
      loads += 1;
      return catalog(A, 'studio-ana');
    };
    await cache.catalogById(A, load);
    await cache.busyTimes(A, '2026-11-23', async () => [{ startTime: '09:00', endTime: '10:00' }]);
    cache.notice('*');
    await cache.catalogById(A, load);
    const busy = await cache.busyTimes(A, '2026-11-23', async () => []);
    expect(loads).toBe(2);
    expect(busy).toEqual([]);
  });

  it('keeps busy times per professional and day, dropped with the professional', async () => {
    const cache = listeningCache();
    let loads = 0;
    const load = async () => {
      loads += 1;
      return [{ startTime: '09:00', endTime: '10:00' }];
    };
    await cache.busyTimes(A, '2026-11-23', load);
    await cache.busyTimes(A, '2026-11-23', load);
    await cache.busyTimes(A, '2026-11-24', load);
    await cache.busyTimes(B, '2026-11-23', load);
    expect(loads).toBe(3);
    cache.changed(A, 'all');
    await cache.busyTimes(A, '2026-11-23', load);
    await cache.busyTimes(B, '2026-11-23', load);
    expect(loads).toBe(4);
  });

  it('an appointment change drops the busy times but keeps the catalog', async () => {
    const cache = listeningCache();
    let catalogLoads = 0;
    let busyLoads = 0;
    const loadCatalog = async () => {
      catalogLoads += 1;
      return catalog(A, 'studio-ana');
    };
    const loadBusy = async () => {
      busyLoads += 1;
      return [];
    };
    await cache.catalogById(A, loadCatalog);
    await cache.busyTimes(A, '2026-11-23', loadBusy);
    cache.notice(`${A}:appointments`);
    await cache.catalogById(A, loadCatalog);
    await cache.busyTimes(A, '2026-11-23', loadBusy);
    expect({ catalogLoads, busyLoads }).toEqual({ catalogLoads: 1, busyLoads: 2 });
    cache.notice(A);
    await cache.catalogById(A, loadCatalog);
    await cache.busyTimes(A, '2026-11-23', loadBusy);
    expect({ catalogLoads, busyLoads }).toEqual({ catalogLoads: 2, busyLoads: 3 });
  });

  it('does not keep busy times that an appointment change overtook', async () => {
    const cache = listeningCache();
    const slow = deferred<{ startTime: string; endTime: string }[]>();
    const reading = cache.busyTimes(A, '2026-11-23', () => slow.promise);
    cache.notice(`${A}:appointments`);
    slow.resolve([]);
    await reading;
    const next = await cache.busyTimes(A, '2026-11-23', async () => [
      { startTime: '09:00', endTime: '10:00' },
    ]);
    expect(next).toHaveLength(1);
  });

  it('does not remember unknown professionals', async () => {
    const cache = listeningCache();
    let loads = 0;
    const load = async () => {
      loads += 1;
      return undefined;
    };
    await cache.catalogByLink('ninguem', load);
    await cache.catalogByLink('ninguem', load);
    expect(loads).toBe(2);
  });
});
