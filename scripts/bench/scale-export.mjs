// `npm run bench:scale`'s export check: the account ZIP downloaded while the server's RSS is
// sampled, then checked complete (its end record, `unzip -l`, one CSV line per appointment).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const SAMPLE_MS = 50;
const round1 = (n) => Math.round(n * 10) / 10;

/** The end-of-central-directory record: how many entries the ZIP says it has. */
function zipEndRecord(file) {
  const buffer = fs.readFileSync(file);
  for (let i = buffer.length - 22; i >= Math.max(0, buffer.length - 65_557); i -= 1) {
    if (buffer.readUInt32LE(i) !== 0x06054b50) continue;
    let entries = buffer.readUInt16LE(i + 10);
    // ZIP64: the count lives in the ZIP64 end record the locator before this one points at.
    if (entries === 0xffff && i >= 20 && buffer.readUInt32LE(i - 20) === 0x07064b50) {
      const zip64 = Number(buffer.readBigUInt64LE(i - 20 + 8));
      if (buffer.readUInt32LE(zip64) === 0x06064b50) {
        entries = Number(buffer.readBigUInt64LE(zip64 + 32));
      }
    }
    return { entries };
  }
  return undefined;
}

/** Downloads the account ZIP while sampling the server's RSS every 50 ms. */
export async function measureExport(server, { cookie, appointments, expectedLines, work }) {
  // Settle: a few ordinary reads, then a pause, so "idle" is a server that has served.
  for (let i = 0; i < 3; i += 1) {
    await (await fetch(`${server.url}/api/me`, { headers: { cookie } })).arrayBuffer();
  }
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const idleSamples = [];
  for (let i = 0; i < 5; i += 1) {
    idleSamples.push(server.rssMb());
    await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
  }
  const idle = Math.max(...idleSamples);
  let peak = idle;
  let samples = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, server.rssMb());
    samples += 1;
  }, SAMPLE_MS);
  const file = path.join(work, `export-${appointments}.zip`);
  const out = fs.createWriteStream(file);
  const started = performance.now();
  let bytes = 0;
  let status;
  try {
    const res = await fetch(`${server.url}/api/account/export`, { headers: { cookie } });
    status = res.status;
    for await (const chunk of res.body) {
      bytes += chunk.length;
      if (!out.write(chunk)) await new Promise((resolve) => out.once('drain', resolve));
    }
  } finally {
    clearInterval(sampler);
    await new Promise((resolve) => out.end(resolve));
  }
  const seconds = (performance.now() - started) / 1000;
  peak = Math.max(peak, server.rssMb());
  if (status !== 200) throw new Error(`export: ${status}`);

  const end = zipEndRecord(file);
  let listed = [];
  let appointmentLines = -1;
  let appointmentsCsvMb = 0;
  let unzipError;
  try {
    const listing = execFileSync('unzip', ['-l', file], { encoding: 'utf8' });
    listed = listing
      .split('\n')
      .map((line) => /^\s*\d+\s+\S+\s+\S+\s+(.+\.csv)\s*$/.exec(line)?.[1])
      .filter(Boolean);
    const csvName = listed.find((name) => name.startsWith('agendamentos'));
    if (csvName) {
      const text = execFileSync('unzip', ['-p', file, csvName], {
        maxBuffer: 1024 ** 3,
        encoding: 'utf8',
      });
      appointmentsCsvMb = round1(Buffer.byteLength(text) / 1024 ** 2);
      appointmentLines = text.split(/\r?\n/).filter((line) => line.length > 0).length - 1;
    }
  } catch (error) {
    unzipError = String(error.message ?? error).slice(0, 200);
  }
  fs.rmSync(file, { force: true });
  const complete =
    end !== undefined &&
    end.entries === listed.length &&
    listed.length >= 5 &&
    appointmentLines === expectedLines &&
    !unzipError;
  return {
    appointments,
    idleMb: Math.round(idle),
    peakMb: Math.round(peak),
    deltaMb: Math.round(peak - idle),
    samples,
    sizeMb: round1(bytes / 1024 ** 2),
    seconds: round1(seconds),
    entries: end?.entries ?? 0,
    files: listed,
    appointmentLines,
    appointmentsCsvMb,
    complete,
    ...(unzipError ? { unzipError } : {}),
  };
}
