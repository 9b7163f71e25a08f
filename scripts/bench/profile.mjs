// BENCH_CPU_PROF=<dir>: where the server's CPU time went during a phase, from the V8 profile it
// wrote when it stopped — by package and by function, idle time left out.
import fs from 'node:fs';
import path from 'node:path';

function packageOf(url, functionName) {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (match) return match[1];
  if (url.includes('/apps/server/')) return 'apps/server';
  if (url.includes('/packages/shared/')) return 'packages/shared';
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  return url || functionName || '(native)';
}

export function summarizeProfile(dir, since) {
  const newest = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.cpuprofile'))
    .map((name) => ({ name, stat: fs.statSync(path.join(dir, name)) }))
    .filter(({ stat }) => stat.mtimeMs >= since)
    .sort((a, b) => b.stat.size - a.stat.size)[0];
  if (!newest) return undefined;
  const profile = JSON.parse(fs.readFileSync(path.join(dir, newest.name), 'utf8'));
  const nodes = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const byPackage = new Map();
  const byFunction = new Map();
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const frame = nodes.get(id);
    const micros = profile.timeDeltas[i] ?? 0;
    if (frame.functionName === '(idle)') return;
    busy += micros;
    const pkg = packageOf(frame.url, frame.functionName);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + micros);
    const where = frame.url
      ? ` (${frame.url.replace(/^.*\/(node_modules|apps|packages)\//, '$1/')})`
      : '';
    const fn = `${frame.functionName || '(anonymous)'}${where}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + micros);
  });
  const top = (map) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 12)
      .map(([name, micros]) => ({ name, share: Math.round((micros / busy) * 1000) / 10 }));
  return {
    busySeconds: Math.round(busy / 1e6),
    packages: top(byPackage),
    functions: top(byFunction),
  };
}
