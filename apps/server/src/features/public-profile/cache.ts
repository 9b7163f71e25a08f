import type {
  AvailabilityWeek,
  BillingSnapshot,
  BusyInterval,
  PaymentSettings,
  Service,
} from '@agendaki/shared';
import { LRUCache } from 'lru-cache';
import type { PublicProfileRow } from '../profile/service';
import type { Schedule } from '../schedule/service';

/**
 * The channel migration 0007 notifies on every relevant commit: a profile id (anything about the
 * professional may have changed), `<profile id>:appointments` (only the busy times), or `*`.
 */
export const PROFESSIONAL_CHANGED_CHANNEL = 'agendaki_professional_changed';
const APPOINTMENTS_SUFFIX = ':appointments';

/** What changed: everything about the professional, or only their appointments. */
export type ChangeScope = 'all' | 'appointments';

/** Everything the public booking reads about a professional except the appointments. */
export interface ProfessionalCatalog {
  profile: PublicProfileRow;
  /** Null when the professional has no subscription row (no access). */
  billing: BillingSnapshot | null;
  /** Active services by name, as the public page lists them. */
  services: Service[];
  week: AvailabilityWeek;
  /** Exceptions and time off from the day it was read, and the booking rules. */
  schedule: Schedule;
  /**
   * The Pix sinal settings (features/deposits) and whether a PSP is connected for dynamic
   * charges (features/pix-provider): read by every booking, never sent to the public as such.
   */
  payment: { settings: PaymentSettings; pixProvider: boolean };
}

export interface CacheStats {
  hits: number;
  misses: number;
  listening: boolean;
}

/**
 * The public booking's reads kept in this process (docs/decisions/005): a professional's
 * catalog by profile id, the link → id mapping, and the busy times per date. An entry is dropped
 * the moment PostgreSQL says the professional changed (NOTIFY from triggers, so writes from any
 * instance count), and nothing is kept while that channel is down.
 *
 * A read that raced with a change must not store what it read: every notice advances `tick`;
 * a read remembers the tick it started at and stores only if no notice for its professional,
 * and no reset, came after it.
 */
export class PublicReadCache {
  private tick = 0;
  private resetTick = 0;
  private active = false;
  /** `catalog:<id>` / `busy:<id>` → tick of the last change, while reads are in progress. */
  private readonly changedAt = new Map<string, number>();
  private inFlight = 0;
  private hits = 0;
  private misses = 0;
  private readonly catalogs = new LRUCache<string, ProfessionalCatalog>({ max: 5_000 });
  private readonly links = new LRUCache<string, string>({ max: 10_000 });
  private readonly busyByDay = new LRUCache<string, Map<string, BusyInterval[]>>({ max: 5_000 });

  get stats(): CacheStats {
    return { hits: this.hits, misses: this.misses, listening: this.active };
  }

  /** Notices can arrive (true) or may have been lost (false): either way, start empty. */
  setListening(active: boolean): void {
    this.active = active;
    this.clear();
  }

  /** A notice's payload (PROFESSIONAL_CHANGED_CHANNEL). */
  notice(payload: string): void {
    if (payload === '*') this.clear();
    else if (payload.endsWith(APPOINTMENTS_SUFFIX)) {
      this.changed(payload.slice(0, -APPOINTMENTS_SUFFIX.length), 'appointments');
    } else this.changed(payload, 'all');
  }

  /** A professional changed (a notice, or a write this process just committed). */
  changed(professionalId: string, scope: ChangeScope): void {
    this.tick += 1;
    if (this.inFlight > 0) {
      this.changedAt.set(`busy:${professionalId}`, this.tick);
      if (scope === 'all') this.changedAt.set(`catalog:${professionalId}`, this.tick);
    }
    this.busyByDay.delete(professionalId);
    if (scope === 'all') this.catalogs.delete(professionalId);
  }

  clear(): void {
    this.tick += 1;
    this.resetTick = this.tick;
    this.catalogs.clear();
    this.links.clear();
    this.busyByDay.clear();
  }

  /** By custom link, as the address has it (lowercase); ids go through `catalogById`. */
  async catalogByLink(
    link: string,
    load: () => Promise<ProfessionalCatalog | undefined>,
  ): Promise<ProfessionalCatalog | undefined> {
    const id = this.links.get(link);
    const cached = id === undefined ? undefined : this.catalogs.get(id);
    // A link that moved to someone else since: the mapping is stale, read again.
    if (cached?.profile.customLink === link) {
      this.hits += 1;
      return cached;
    }
    return this.readThrough(load, (catalog, startedAt) => {
      if (!this.storeCatalog(catalog, startedAt)) return;
      if (catalog.profile.customLink === link) this.links.set(link, catalog.profile.id);
    });
  }

  async catalogById(
    professionalId: string,
    load: () => Promise<ProfessionalCatalog | undefined>,
  ): Promise<ProfessionalCatalog | undefined> {
    const cached = this.catalogs.get(professionalId);
    if (cached) {
      this.hits += 1;
      return cached;
    }
    return this.readThrough(load, (catalog, startedAt) => this.storeCatalog(catalog, startedAt));
  }

  /** Occupied time of the professional on the date: appointments with buffers, blocks. */
  async busyTimes(
    professionalId: string,
    date: string,
    load: () => Promise<BusyInterval[]>,
  ): Promise<BusyInterval[]> {
    const cached = this.busyByDay.get(professionalId)?.get(date);
    if (cached) {
      this.hits += 1;
      return cached;
    }
    return this.readThrough(load, (busy, startedAt) => {
      if (!this.mayStore(`busy:${professionalId}`, startedAt)) return;
      let days = this.busyByDay.get(professionalId);
      if (!days) {
        days = new Map();
        this.busyByDay.set(professionalId, days);
      }
      // A professional's days in memory stay few: the next weeks people look at.
      if (days.size >= 62) days.delete(days.keys().next().value!);
      days.set(date, busy);
    });
  }

  private async readThrough<T>(
    load: () => Promise<T>,
    store: (value: NonNullable<T>, startedAt: number) => void,
  ): Promise<T> {
    this.misses += 1;
    const startedAt = this.tick;
    this.inFlight += 1;
    try {
      const value = await load();
      if (value !== undefined && value !== null) store(value, startedAt);
      return value;
    } finally {
      this.inFlight -= 1;
      // No read in progress can be stale any more: what we remembered for them can go.
      if (this.inFlight === 0) this.changedAt.clear();
    }
  }

  private storeCatalog(catalog: ProfessionalCatalog, startedAt: number): boolean {
    if (!this.mayStore(`catalog:${catalog.profile.id}`, startedAt)) return false;
    this.catalogs.set(catalog.profile.id, catalog);
    return true;
  }

  /** `key`: `catalog:<id>` or `busy:<id>`. */
  private mayStore(key: string, startedAt: number): boolean {
    return (
      this.active && this.resetTick <= startedAt && (this.changedAt.get(key) ?? 0) <= startedAt
    );
  }
}
