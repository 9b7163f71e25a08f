import { fileURLToPath } from 'node:url';
import type { Rolldown } from 'vite';

type CodeSplitting = Exclude<Rolldown.OutputOptions['codeSplitting'], boolean | undefined>;
type Group = NonNullable<CodeSplitting['groups']>[number];
type ChunkingContext = Parameters<Extract<Group['name'], (...args: never[]) => unknown>>[1];

const appSource = fileURLToPath(new URL('./src/', import.meta.url));
const source = (file: string) => `${appSource}${file}`;

/** What the app starts from: index.html's script. */
const ENTRY = source('main.tsx');
/** The dashboard's frame (sidebar, top bar, session), under every signed-in page. */
const FRAME = source('components/layouts/dashboard-layout.tsx');
/** The pages a professional opens first: the home and the Agenda (its route and its grid). */
const HOME = source('app/routes/dashboard/home.tsx');
const AGENDA = [
  source('app/routes/dashboard/appointments.tsx'),
  source('features/appointments/components/agenda-calendar-page.tsx'),
];

/**
 * The app's own modules `from` imports statically, directly or not. Only src/ is walked: a
 * package's barrel (lucide-react, @agendaki/shared) lists far more than is used.
 */
function appClosure(from: string[], ctx: ChunkingContext): Set<string> {
  const seen = new Set<string>();
  const queue = [...from];
  while (queue.length > 0) {
    const id = queue.pop() as string;
    if (seen.has(id) || !id.startsWith(appSource)) continue;
    seen.add(id);
    queue.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/**
 * The frame's chunk starts from the layout and from what the home and the Agenda both use: the
 * first signed-in page needs it either way.
 */
function frameSeeds(ctx: ChunkingContext): Set<string> {
  const agenda = appClosure(AGENDA, ctx);
  const shared = [...appClosure([HOME], ctx)].filter((id) => agenda.has(id));
  return new Set([FRAME, ...shared]);
}

/**
 * The main build's split (issue 48). By default rolldown makes a chunk of each set of modules
 * the same lazy pages share: the Agenda's first visit fetched 57 files, most under 3 KB, six at
 * a time over HTTP/1.1, a round trip each on a phone's network. Two groups fold them: the
 * entry's modules into one chunk, the frame's into another. Each group takes its seeds' real
 * dependencies (after tree-shaking) not taken by the group before it; pages other than the
 * Agenda and the home keep the default split. The book build and the server's render have
 * their own (vite.config.ts).
 */
export function mainBuildChunks(): CodeSplitting {
  let frame: Set<string> | undefined;
  return {
    groups: [
      { name: 'main', test: (id) => id === ENTRY, priority: 2 },
      {
        name: (id, ctx) => ((frame ??= frameSeeds(ctx)).has(id) ? 'dashboard-layout' : null),
        debugName: 'dashboard-layout',
        priority: 1,
      },
    ],
  };
}
