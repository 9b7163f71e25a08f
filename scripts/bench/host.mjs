// How busy the whole machine is, from /proc/stat: the share of CPU time all cores spent idle
// over a short window. Lighthouse's score depends on the host's speed at the moment it runs
// (its simulated 4× slowdown multiplies whatever the CPU is doing besides), so each run waits
// for a quiet machine first and the report states how quiet it was.
import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** Idle and total jiffies of all CPUs together ("cpu" line: user nice system idle iowait …). */
function readCpuTimes() {
  const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const values = line.trim().split(/\s+/).slice(1).map(Number);
  const idle = (values[3] ?? 0) + (values[4] ?? 0);
  const total = values.slice(0, 8).reduce((sum, value) => sum + value, 0);
  return { idle, total };
}

/** The share (0–1) of CPU time the machine spent idle over the next `windowMs`. */
export async function measureIdleShare(windowMs = 2000) {
  const before = readCpuTimes();
  await sleep(windowMs);
  const after = readCpuTimes();
  const total = after.total - before.total;
  return total > 0 ? (after.idle - before.idle) / total : 1;
}

/**
 * Waits until the machine is at least `idleShare` idle over a 2 s window, for at most
 * `maxWaitMs` (a shared host may never be). Resolves with the last idle share measured and the
 * time waited, so the report can say whether the run had the machine to itself.
 */
export async function waitForQuietHost({ idleShare = 0.85, maxWaitMs = 60_000 } = {}) {
  const began = Date.now();
  let idle = await measureIdleShare();
  while (idle < idleShare && Date.now() - began < maxWaitMs) idle = await measureIdleShare();
  return { idleShare: Math.round(idle * 100) / 100, waitedMs: Date.now() - began };
}
