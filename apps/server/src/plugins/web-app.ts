import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { PublicProfessionalResponse } from '@agendaki/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendApiNotFound } from './errors';

const API_PREFIX = '/api/';

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith(API_PREFIX);
}

/** What shared booking links need to fill book.html (features/public-profile, wired in app.ts). */
export interface SharedLinkOptions {
  /** The public profile as `GET /api/public/professionals/:identifier` answers it, if bookable. */
  loadProfessional(identifier: string): Promise<PublicProfessionalResponse | undefined>;
  /** book.html with the professional's title, Open Graph tags and data filled in. */
  renderPage(pageHtml: string, data: PublicProfessionalResponse | undefined): string;
}

/** The landing page `/`: the build's prerendered landing.html, filled in (wired in app.ts). */
export interface LandingOptions {
  /** landing.html with what the server is configured with (the plan price, the demo link). */
  renderPage(pageHtml: string): string;
}

/**
 * Serves the built web app: hashed files under /assets/ cached for a year, everything else
 * revalidated, and index.html for every client route (react-router decides what it shows).
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
      // The landing's markers are filled before it is served, at `/` only.
      allowedPath: (pathName) => pathName !== '/landing.html',
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

  if (hasBuild && sharedLinks) registerSharedLinkPages(app, sharedLinkPagePath, sharedLinks);
  if (hasBuild && hasLanding) registerLandingPage(app, landingPath, landing);

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (isApiPath(pathname) || !wantsPage || !hasBuild || pathname.startsWith('/assets/')) {
      return sendApiNotFound(reply);
    }
    return reply.type('text/html; charset=utf-8').sendFile('index.html');
  });
}

/**
 * `/`: landing.html filled in once (the configuration does not change while the process runs),
 * kept with its gzip and Brotli forms so a phone downloads a few KB.
 */
function registerLandingPage(app: FastifyInstance, pagePath: string, options: LandingOptions) {
  let page: Promise<{ html: Buffer; gzip: Buffer; brotli: Buffer }> | undefined;
  const readPage = () =>
    (page ??= fs.promises.readFile(pagePath, 'utf8').then(
      (raw) => {
        const html = Buffer.from(options.renderPage(raw));
        return {
          html,
          gzip: gzipSync(html, { level: 9 }),
          brotli: brotliCompressSync(html, {
            params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY },
          }),
        };
      },
      (error: unknown) => {
        page = undefined;
        throw error;
      },
    ));

  app.get('/', async (request, reply) => {
    const { html, gzip, brotli } = await readPage();
    const accepted = String(request.headers['accept-encoding'] ?? '');
    reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', PAGE_CACHE_CONTROL)
      .header('Vary', 'Accept-Encoding');
    if (/\bbr\b/.test(accepted)) return reply.header('Content-Encoding', 'br').send(brotli);
    if (/\bgzip\b/.test(accepted)) return reply.header('Content-Encoding', 'gzip').send(gzip);
    return reply.send(html);
  });
}

/** Like every other page: always revalidated, since it carries live data. */
const PAGE_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

/**
 * /book/:link and /profissional/:identifier: book.html (read once per process) with the
 * professional's data; an unknown or unbookable professional gets the plain page, which
 * then shows "Profissional não encontrado" itself.
 */
function registerSharedLinkPages(
  app: FastifyInstance,
  pagePath: string,
  options: SharedLinkOptions,
): void {
  let pageHtml: Promise<string> | undefined;
  const readPage = () =>
    (pageHtml ??= fs.promises.readFile(pagePath, 'utf8').catch((error: unknown) => {
      pageHtml = undefined;
      throw error;
    }));

  async function sendPage(identifier: string, request: FastifyRequest, reply: FastifyReply) {
    const html = await readPage();
    let data: PublicProfessionalResponse | undefined;
    try {
      data = await options.loadProfessional(identifier);
    } catch (error) {
      // The page still loads and asks the API itself, which shows the error in its own words.
      request.log.warn({ err: error }, 'shared link page served without data');
    }
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', PAGE_CACHE_CONTROL)
      .send(options.renderPage(html, data));
  }

  app.get<{ Params: { link: string } }>('/book/:link', (request, reply) =>
    sendPage(request.params.link, request, reply),
  );
  app.get<{ Params: { identifier: string } }>('/profissional/:identifier', (request, reply) =>
    sendPage(request.params.identifier, request, reply),
  );
  // A client's manage link (features/manage): the same light page, which reads the token from
  // the address itself. Never cached or indexed; nothing about the booking is in the HTML.
  app.get('/agendamento/:token', async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .header('X-Robots-Tag', 'noindex')
      .send(options.renderPage(await readPage(), undefined)),
  );
}
