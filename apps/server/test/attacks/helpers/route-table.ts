import type { App } from '../../../src/app';

export interface RouteEntry {
  method: string;
  /** As registered, with `:param` placeholders, e.g. `/api/clients/:id`. */
  url: string;
}

/** "METHOD /url", the key the attack tables use. */
export const routeKey = (route: RouteEntry) => `${route.method} ${route.url}`;

const LINE = /^([│├└─\s]*)(\S+?)(?: \(([A-Z, ]+)\))?$/u;

/**
 * Every route of the running app, read from Fastify's own route table (`printRoutes`), so a
 * route added tomorrow is in the list without anyone touching the attack tests. The printed
 * tree is parsed by indentation; every entry is then confirmed with `app.hasRoute`, so a change
 * in the print format fails loudly instead of silently testing nothing.
 */
export function listRoutes(app: App): RouteEntry[] {
  const printed = app.printRoutes({ commonPrefix: false });
  const stack: { indent: number; path: string }[] = [];
  const routes: RouteEntry[] = [];
  for (const line of printed.split('\n')) {
    if (!line.trim()) continue;
    const match = LINE.exec(line);
    if (!match) throw new Error(`unexpected line in the route table: ${JSON.stringify(line)}`);
    const indent = match[1]!.length;
    while (stack.length > 0 && stack[stack.length - 1]!.indent >= indent) stack.pop();
    const path = `${stack[stack.length - 1]?.path ?? ''}${match[2]}`.replace(/^\/\//, '/');
    stack.push({ indent, path });
    for (const method of match[3]?.split(', ') ?? []) routes.push({ method, url: path });
  }
  for (const route of routes) {
    if (!app.hasRoute({ method: route.method as 'GET', url: route.url })) {
      throw new Error(`route table parsed wrong: ${routeKey(route)} is not a route`);
    }
  }
  const unique = new Map(routes.map((route) => [routeKey(route), route]));
  return [...unique.values()].sort((a, b) => routeKey(a).localeCompare(routeKey(b)));
}

/** Fills `:param` placeholders; throws when a placeholder has no value (a route nobody mapped). */
export function fillParams(url: string, values: (param: string, url: string) => string): string {
  return url.replace(/:(\w+)/g, (_m, param: string) => encodeURIComponent(values(param, url)));
}

export const hasParams = (route: RouteEntry) => /:\w+/.test(route.url);
export const isStateChanging = (route: RouteEntry) =>
  !['GET', 'HEAD', 'OPTIONS'].includes(route.method);
