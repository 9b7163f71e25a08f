/**
 * The database schema, one file per owning feature under db/schema/ (TABLE_OWNERS below), all
 * re-exported here: code imports tables from `db/schema`, and drizzle-kit reads this file.
 */
export * from './schema/auth';
export * from './schema/profile';
export * from './schema/subscription';
export * from './schema/services';
export * from './schema/availability';
export * from './schema/clients';
export * from './schema/appointments';
export * from './schema/schedule';
export * from './schema/booking';
export * from './schema/manage';
export * from './schema/deposits';
export * from './schema/pix-provider';
export * from './schema/mail';
export * from './schema/billing';
export * from './schema/rate-limits';
export * from './schema/calendar-feed';
export * from './schema/series';
export * from './schema/admin';
export * from './schema/waitlist';
export * from './schema/packages';
export * from './schema/payments';
export * from './schema/whatsapp';
export * from './schema/push';
export * from './schema/comeback';
export * from './schema/anamnesis';

// ---------------------------------------------------------------- ownership

/**
 * One owner per table (docs/decisions/010-one-owner-per-table.md): only the owning feature
 * (apps/server/src/features/<owner>, its repo.ts) imports a table object; any other code asks
 * that feature's service. eslint.config.js reads this map (one `table: 'feature',` per line),
 * and test/table-ownership.test.ts checks that every table is in it.
 */
export const TABLE_OWNERS = {
  user: 'auth',
  session: 'auth',
  account: 'auth',
  verification: 'auth',
  appSettings: 'auth',
  profiles: 'profile',
  subscriptions: 'subscription',
  services: 'services',
  availability: 'availability',
  clients: 'clients',
  appointments: 'appointments',
  bookingRequests: 'booking',
  bookingPowUses: 'booking',
  bookingCodes: 'booking',
  mailOutbox: 'mail',
  billingEvents: 'billing',
  rateLimits: 'rate-limits',
  signInThrottles: 'auth',
  occupiedTimes: 'schedule',
  dateExceptions: 'schedule',
  timeOff: 'schedule',
  calendarFeeds: 'calendar-feed',
  manageLinks: 'manage',
  manageRequests: 'manage',
  paymentSettings: 'deposits',
  deposits: 'deposits',
  pixProviderCredentials: 'pix-provider',
  pixWebhookEvents: 'pix-provider',
  appointmentSeries: 'series',
  seriesDates: 'series',
  operators: 'admin',
  operatorAuditLog: 'admin',
  waitlistSettings: 'waitlist',
  waitlistEntries: 'waitlist',
  waitlistOffers: 'waitlist',
  packages: 'packages',
  packageServices: 'packages',
  clientPackages: 'packages',
  packageUses: 'packages',
  packageLedger: 'packages',
  closings: 'payments',
  closingItems: 'payments',
  payments: 'payments',
  whatsappSettings: 'whatsapp',
  whatsappMessages: 'whatsapp',
  whatsappOptOuts: 'whatsapp',
  whatsappInbound: 'whatsapp',
  pushSubscriptions: 'push',
  pushDeliveries: 'push',
  automationSettings: 'comeback',
  serviceReturnIntervals: 'comeback',
  clientMessages: 'comeback',
  clientConsents: 'comeback',
  clientBirthdays: 'comeback',
  anamnesisForms: 'anamnesis',
  anamnesisFormVersions: 'anamnesis',
  serviceAnamnesisForms: 'anamnesis',
  anamnesisAnswers: 'anamnesis',
} as const;

/**
 * The one exception: the retention purge (features/maintenance) deletes expired rows of these
 * tables in batches, in one place with one schedule. It only deletes, never reads for a feature.
 */
export const PURGED_BY_MAINTENANCE = [
  'rateLimits',
  'signInThrottles',
  'bookingRequests',
  'manageRequests',
  'pixWebhookEvents',
  'mailOutbox',
  'session',
  'verification',
  'bookingPowUses',
  'bookingCodes',
  'whatsappInbound',
] as const;
