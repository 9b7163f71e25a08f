import fs from 'node:fs';
import path from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { isAppPagePath } from '@agendaki/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendApiNotFound } from './errors';
import { compressPage, PAGE_CACHE_CONTROL, readOnce, sendPage } from './page-files';
import {
  loadBookingRenderer,
  registerSharedLinkPages,
  type SharedLinkOptions,
} from './shared-link-pages';

export type { SharedLinkOptions } from './shared-link-pages';

const API_PREFIX = '/api/';

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith(API_PREFIX);
}

/** The landing page `/`: the build's prerendered landing.html, filled in (wired in app.ts). */
export interface LandingOptions {
  /** landing.html with what the server is configured with (the plan price, the demo link). */
  renderPage(pageHtml: string): string;
}

/**
 * Serves the built web app: hashed files under /assets/ cached for a year, everything else
 * revalidated, and index.html for the client routes (`APP_PAGE_PATHS`), and with 404 for any
 * other address (react-router shows its "Página não encontrada").
 * Shared booking links get book.html, the public page's own small app (apps/web/book.html),
 * with the professional's title, Open Graph tags and data. The landing `/` is landing.html, the
 * static page the build prerendered (no script), filled in once per process.
 * Without a build (API-only tests, dev mode) only the API answers.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  sharedLinks?: SharedLinkOptions,
  landing?: LandingOptions,
): Promise<void> {
  const indexPath = path.join(distDir, 'index.html');
  const landingPath = path.join(distDir, 'landing.html');
  const hasLanding = landing !== undefined && fs.existsSync(landingPath);
  const hasBuild = fs.existsSync(indexPath);
  // A build from before the public page had its own entry still works: the SPA shows it too.
  const bookPath = path.join(distDir, 'book.html');
  const sharedLinkPagePath = fs.existsSync(bookPath) ? bookPath : indexPath;
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies of text files (apps/web/vite.config.ts).
      preCompressed: true,
      // The landing's markers are filled before it is served, at `/` only; ssr/ is server code.
      allowedPath: (pathName) => pathName !== '/landing.html' && !pathName.startsWith('/ssr/'),
      setHeaders: (reply, filePath) => {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'Cache-Control',
          isHashedAsset
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=0, must-revalidate',
        );
      },
    });
  }

  if (hasBuild && sharedLinks) {
    const renderMarkup = await loadBookingRenderer(app, distDir);
    registerSharedLinkPages(app, sharedLinkPagePath, sharedLinks, renderMarkup);
  }
  if (hasBuild && hasLanding) registerLandingPage(app, landingPath, landing);

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (isApiPath(pathname) || !wantsPage || !hasBuild || pathname.startsWith('/assets/')) {
      return sendApiNotFound(reply);
    }
    // The app's own pages 200; any other address gets the same page, which says "Página não
    // encontrada", as a real 404 (issue 44).
    return reply
      .status(isAppPagePath(pathname) ? 200 : 404)
      .type('text/html; charset=utf-8')
      .sendFile('index.html');
  });
}

/**
 * `/`: landing.html filled in once (the configuration does not change while the process runs),
 * kept compressed. Without `Cross-Origin-Opener-Policy`, alone of all answers: the page has no
 * script and nothing of anyone's, so the header guards nothing there, while it makes a browser
 * move the page into a new renderer process on arrival (a visitor coming from a search, in the
 * same tab), whose script context costs the phone's main thread after the first paint: Lighthouse
 * mobile 89–97 with it, 100 without (docs/decisions/023). `/auth`, one tap away, has it.
 */
function registerLandingPage(app: FastifyInstance, pagePath: string, options: LandingOptions) {
  const readPage = readOnce(pagePath, (raw) =>
    compressPage(options.renderPage(raw), zlibConstants.BROTLI_MAX_QUALITY),
  );
  app.get('/', async (request, reply) => {
    const page = await readPage();
    reply.header('Cache-Control', PAGE_CACHE_CONTROL).removeHeader('cross-origin-opener-policy');
    return sendPage(request, reply, page);
  });
}
