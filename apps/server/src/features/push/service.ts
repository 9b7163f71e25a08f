import {
  PUSH_DEVICES_MAX,
  type PushDevice,
  type PushDeviceInput,
  type PushKind,
  type PushStatus,
} from '@agendaki/shared';
import type { Db } from '../../db/client';
import { deleteJobsAt, jobIdFor, sendJob, type JobToSend } from '../../db/queue';
import { PUSH_QUEUE } from '../../db/queues';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/params';
import { isAllowedPushEndpoint } from './endpoints';
import * as repo from './repo';
import type { PushEvent, PushJobData } from './types';

export type { PushEvent } from './types';

export interface PushDeps {
  db: Db;
  clock: Clock;
  publicKey: string;
  /** Push services accepted besides the browsers' (PUSH_SERVICE_ORIGINS). */
  extraOrigins: readonly string[];
}

const DEVICE_NOT_FOUND = 'Aparelho não encontrado';

/** One job per booking and kind: a later event of the kind replaces a waiting one. */
const eventKey = (event: PushEvent) => `${event.professionalId}:${event.bookingId}:${event.kind}`;
const testKey = (professionalId: string, subscriptionId: string) =>
  `${professionalId}:test:${subscriptionId}`;

const eventData = (event: PushEvent, now: Date): PushJobData => ({
  professionalId: event.professionalId,
  kind: event.kind,
  bookingId: event.bookingId,
  at: now.toISOString(),
});

/** A new booking's push job, sent with its other jobs in one statement (booking/service.ts). */
export function pushEventJob(event: PushEvent, now: Date): JobToSend {
  return {
    queue: PUSH_QUEUE,
    data: eventData(event, now),
    id: jobIdFor(PUSH_QUEUE, eventKey(event)),
  };
}

/**
 * In the transaction of the change: the event's job, so it exists if and only if the change
 * commits, and is sent once whatever retries follow (features/push/job.ts).
 */
export async function planPushEvent(db: Db, event: PushEvent, now: Date): Promise<void> {
  await replaceJob(db, eventKey(event), eventData(event, now));
}

async function replaceJob(db: Db, key: string, data: PushJobData): Promise<void> {
  await deleteJobsAt(db, PUSH_QUEUE, [key]);
  await sendJob(db, PUSH_QUEUE, data, { id: jobIdFor(PUSH_QUEUE, key) });
}

/** Account deletion: the push jobs of its bookings and devices, whatever their state. */
export async function deletePushJobsOfAccount(
  db: Db,
  professionalId: string,
  bookingIds: readonly string[],
  kinds: readonly PushKind[],
): Promise<void> {
  const devices = await repo.listDeviceIds(db, professionalId);
  const keys = [
    ...bookingIds.flatMap((bookingId) =>
      kinds.map((kind) => eventKey({ professionalId, bookingId, kind })),
    ),
    ...devices.map((id) => testKey(professionalId, id)),
  ];
  await deleteJobsAt(db, PUSH_QUEUE, keys);
}

const toDevice = (row: repo.DeviceRow): PushDevice => ({
  id: row.id,
  label: row.label,
  disabledKinds: row.disabledKinds as PushKind[],
  createdAt: row.createdAt.toISOString(),
});

export async function getPushStatus(deps: PushDeps, professionalId: string): Promise<PushStatus> {
  const devices = await repo.listDevices(deps.db, professionalId);
  return { publicKey: deps.publicKey, devices: devices.map(toDevice) };
}

/** This browser's subscription: a new device, or the same one with fresh keys. */
export async function saveDevice(
  deps: PushDeps,
  professionalId: string,
  input: PushDeviceInput,
): Promise<PushDevice> {
  if (!isAllowedPushEndpoint(input.endpoint, deps.extraOrigins)) {
    throw new AppError('VALIDATION', 'Serviço de notificação não reconhecido');
  }
  return deps.db.transaction(async (tx) => {
    const known = await repo.hasDeviceWithEndpoint(tx, professionalId, input.endpoint);
    if (!known && (await repo.countDevices(tx, professionalId)) >= PUSH_DEVICES_MAX) {
      throw new AppError(
        'CONFLICT',
        `Limite de ${PUSH_DEVICES_MAX} aparelhos: remova um aparelho que você não usa mais`,
      );
    }
    const row = await repo.upsertDevice(
      tx,
      professionalId,
      { endpoint: input.endpoint, ...input.keys, label: input.label },
      deps.clock.now(),
    );
    return toDevice(row);
  });
}

export async function updatePreferences(
  deps: PushDeps,
  professionalId: string,
  id: string,
  readKinds: () => PushKind[],
): Promise<PushDevice> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', DEVICE_NOT_FOUND);
  const [device] = await repo.listTargets(deps.db, professionalId, 'test', id);
  if (!device) throw new AppError('NOT_FOUND', DEVICE_NOT_FOUND);
  const disabledKinds = readKinds();
  const row = await repo.updateDisabledKinds(
    deps.db,
    professionalId,
    id,
    disabledKinds,
    deps.clock.now(),
  );
  if (!row) throw new AppError('NOT_FOUND', DEVICE_NOT_FOUND);
  return toDevice(row);
}

export async function removeDevice(deps: PushDeps, professionalId: string, id: string) {
  if (!isUuid(id) || !(await repo.deleteDevice(deps.db, professionalId, id))) {
    throw new AppError('NOT_FOUND', DEVICE_NOT_FOUND);
  }
}

/** "Enviar teste": one notification to this device, through the queue like every other. */
export async function sendTestPush(deps: PushDeps, professionalId: string, id: string) {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', DEVICE_NOT_FOUND);
  await deps.db.transaction(async (tx) => {
    const [device] = await repo.listTargets(tx, professionalId, 'test', id);
    if (!device) throw new AppError('NOT_FOUND', DEVICE_NOT_FOUND);
    await replaceJob(tx, testKey(professionalId, id), {
      professionalId,
      kind: 'test',
      subscriptionId: id,
      at: deps.clock.now().toISOString(),
    });
  });
}
