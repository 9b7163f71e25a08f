import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { PUBLIC_CLASS_NAMES_ELEMENT_ID, type PublicProfessionalResponse } from '@agendaki/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { toScriptJson } from '../lib/script-json';
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
    return reply.type('text/html; charset=utf-8').sendFile('index.html');
  });
}

/** A page in the three forms a browser may ask for. */
interface CompressedPage {
  html: Buffer;
  gzip: Buffer;
  brotli: Buffer;
}

/**
 * Gzip and Brotli forms of a page made once, so a phone on a slow network downloads a few KB
 * and the server compresses nothing per request. Brotli at 6: on a 21 KB booking page the same
 * bytes as at 9 in 0.6 ms instead of 47 (from quality 9 on, with the default window, brotli
 * sets up a far larger hash table first), which a page drawn for each new visitor pays.
 */
function compressPage(text: string, brotliQuality = 6): CompressedPage {
  const html = Buffer.from(text);
  return {
    html,
    gzip: gzipSync(html, { level: 9 }),
    brotli: brotliCompressSync(html, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: brotliQuality,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: html.length,
      },
    }),
  };
}

/** The form the browser accepts (Brotli, gzip, else plain). */
function sendPage(request: FastifyRequest, reply: FastifyReply, page: CompressedPage) {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  reply.type('text/html; charset=utf-8').header('Vary', 'Accept-Encoding');
  if (/\bbr\b/.test(accepted)) return reply.header('Content-Encoding', 'br').send(page.brotli);
  if (/\bgzip\b/.test(accepted)) return reply.header('Content-Encoding', 'gzip').send(page.gzip);
  return reply.send(page.html);
}

/** A file read once per process (a failed read is tried again on the next request). */
function readOnce<T>(filePath: string, transform: (text: string) => T): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () =>
    (value ??= fs.promises.readFile(filePath, 'utf8').then(transform, (error: unknown) => {
      value = undefined;
      throw error;
    }));
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

/** Like every other page: always revalidated, since it carries live data. */
const PAGE_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

/**
 * The booking page's first step as HTML for a path and its data, with the class names its render
 * merged (apps/web/src/book-ssr.tsx).
 */
type BookingMarkupRenderer = (
  pathname: string,
  data: PublicProfessionalResponse,
) => { markup: string; classNames: Record<string, string> };

/**
 * The build's server render of the public booking page (dist/ssr/book-ssr.js), if this build
 * has one; without it the page draws itself in the browser, as before.
 */
async function loadBookingRenderer(
  app: FastifyInstance,
  distDir: string,
): Promise<BookingMarkupRenderer | undefined> {
  const modulePath = path.join(distDir, 'ssr', 'book-ssr.js');
  if (!fs.existsSync(modulePath)) return undefined;
  try {
    const module = (await import(pathToFileURL(modulePath).href)) as {
      renderBookingMarkup?: BookingMarkupRenderer;
    };
    return typeof module.renderBookingMarkup === 'function'
      ? module.renderBookingMarkup
      : undefined;
  } catch (error) {
    app.log.warn({ err: error }, 'booking page server render not loaded');
    return undefined;
  }
}

/** Shared link pages kept per address, made again when the professional's data changes. */
const SHARED_PAGE_CACHE_SIZE = 500;
const EMPTY_ROOT = '<div id="root"></div>';

/**
 * /book/:link and /profissional/:identifier: book.html (read once per process) with the
 * professional's data and, when the build has its server render, the first step already drawn
 * in it (business, services, prices: the first paint needs no script); an unknown or unbookable
 * professional gets the plain page, which then shows "Profissional não encontrado" itself.
 *
 * Drawing and compressing a page costs a few milliseconds: each address keeps its page with the
 * JSON of the data it was made from (which the page embeds anyway) and is made again only when
 * that changes (an edit, or "today" moving on at midnight).
 */
function registerSharedLinkPages(
  app: FastifyInstance,
  pagePath: string,
  options: SharedLinkOptions,
  renderMarkup: BookingMarkupRenderer | undefined,
): void {
  const readPage = readOnce(pagePath, (html) => ({
    html,
    plain: compressPage(options.renderPage(html, undefined)),
  }));
  const pages = new Map<string, { json: string; page: CompressedPage }>();

  function makePage(html: string, pathname: string, data: PublicProfessionalResponse): string {
    const page = options.renderPage(html, data);
    if (!renderMarkup) return page;
    let rendered: ReturnType<BookingMarkupRenderer> | undefined;
    try {
      rendered = renderMarkup(pathname, data);
    } catch (error) {
      // The page still works: its script draws it, as without a server render.
      app.log.warn({ err: error }, 'booking page served without its server render');
    }
    if (!rendered?.markup) return page;
    const { markup, classNames } = rendered;
    // The merges hydration would redo (apps/web/src/lib/cn.ts), next to the page's data.
    const classNamesScript = `<script id="${PUBLIC_CLASS_NAMES_ELEMENT_ID}" type="application/json">${toScriptJson(classNames)}</script>`;
    // Function replacements: "$&" in a business name or a class must stay literal text.
    return page
      .replace(/<\/head>/i, () => `${classNamesScript}</head>`)
      .replace(EMPTY_ROOT, () => `<div id="root">${markup}</div>`);
  }

  async function sendSharedLinkPage(
    identifier: string,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const { html, plain } = await readPage();
    let data: PublicProfessionalResponse | undefined;
    try {
      data = await options.loadProfessional(identifier);
    } catch (error) {
      // The page still loads and asks the API itself, which shows the error in its own words.
      request.log.warn({ err: error }, 'shared link page served without data');
    }
    reply.header('Cache-Control', PAGE_CACHE_CONTROL);
    if (!data) return sendPage(request, reply, plain);
    const pathname = request.url.split('?')[0] ?? '';
    const json = JSON.stringify(data);
    let entry = pages.get(pathname);
    if (entry?.json !== json) {
      entry = { json, page: compressPage(makePage(html, pathname, data)) };
      pages.delete(pathname);
      pages.set(pathname, entry);
      if (pages.size > SHARED_PAGE_CACHE_SIZE) pages.delete(pages.keys().next().value!);
    }
    return sendPage(request, reply, entry.page);
  }

  app.get<{ Params: { link: string } }>('/book/:link', (request, reply) =>
    sendSharedLinkPage(request.params.link, request, reply),
  );
  app.get<{ Params: { identifier: string } }>('/profissional/:identifier', (request, reply) =>
    sendSharedLinkPage(request.params.identifier, request, reply),
  );
  // A client's manage link (features/manage): the same light page, which reads the token from
  // the address itself. Never cached or indexed; nothing about the booking is in the HTML.
  app.get('/agendamento/:token', async (request, reply) => {
    const { plain } = await readPage();
    reply.header('Cache-Control', 'no-store').header('X-Robots-Tag', 'noindex');
    return sendPage(request, reply, plain);
  });
}
