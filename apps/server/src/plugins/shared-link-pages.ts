import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PUBLIC_CLASS_NAMES_ELEMENT_ID, type PublicProfessionalResponse } from '@agendaki/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { toScriptJson } from '../lib/script-json';
import {
  compressPage,
  PAGE_CACHE_CONTROL,
  readOnce,
  sendPage,
  type CompressedPage,
} from './page-files';

/** What shared booking links need to fill book.html (features/public-profile, wired in app.ts). */
export interface SharedLinkOptions {
  /** The public profile as `GET /api/public/professionals/:identifier` answers it, if bookable. */
  loadProfessional(identifier: string): Promise<PublicProfessionalResponse | undefined>;
  /** book.html with the professional's title, Open Graph tags and data filled in. */
  renderPage(pageHtml: string, data: PublicProfessionalResponse | undefined): string;
  /**
   * Whether a manage link opens (features/manage), counted against the address's manage-link
   * limit like the API's reads: the page's status must not be a free guessing oracle.
   */
  checkManageLink?(token: string, address: string): Promise<ManageLinkCheck>;
  /** Whether a waiting-list link names an entry (features/waitlist); unknown: 404. */
  checkWaitlistLink?(token: string): Promise<boolean>;
}

/** `open`: the page's booking; `unknown`: "Link inválido ou expirado"; `limited`: too many. */
export type ManageLinkCheck = 'open' | 'unknown' | 'limited';

const MANAGE_PAGE_STATUS: Record<ManageLinkCheck, number> = {
  open: 200,
  unknown: 404,
  limited: 429,
};

/**
 * The booking page's first step as HTML for a path and its data, with the class names its render
 * merged (apps/web/src/book-ssr.tsx).
 */
export type BookingMarkupRenderer = (
  pathname: string,
  data: PublicProfessionalResponse,
) => { markup: string; classNames: Record<string, string> };

/**
 * The build's server render of the public booking page (dist/ssr/book-ssr.js), if this build
 * has one; without it the page draws itself in the browser, as before.
 */
export async function loadBookingRenderer(
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
export function registerSharedLinkPages(
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
    let status = 404;
    try {
      data = await options.loadProfessional(identifier);
    } catch (error) {
      // The page still loads and asks the API itself, which shows the error in its own words.
      request.log.warn({ err: error }, 'shared link page served without data');
      status = 200;
    }
    reply.header('Cache-Control', PAGE_CACHE_CONTROL);
    // No such bookable professional: the page says "Profissional não encontrado", as a 404.
    if (!data) return sendPage(request, reply.status(status), plain);
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
  app.get<{ Params: { token: string } }>('/agendamento/:token', async (request, reply) => {
    const { plain } = await readPage();
    reply.header('Cache-Control', 'no-store').header('X-Robots-Tag', 'noindex');
    let check: ManageLinkCheck = 'open';
    try {
      check = (await options.checkManageLink?.(request.params.token, request.ip)) ?? 'open';
    } catch (error) {
      // The page still loads; its own read of the API answers in its words.
      request.log.warn({ err: error }, 'manage page served without checking its link');
    }
    // An unknown or ended link: the same page ("Link inválido ou expirado"), as a 404.
    return sendPage(request, reply.status(MANAGE_PAGE_STATUS[check]), plain);
  });
  // A client's place on a waiting list (features/waitlist): the same light page, which reads its
  // token from the address and asks the API. An unknown token: the page, as a 404. Never cached
  // or indexed.
  app.get<{ Params: { token: string } }>('/lista-de-espera/:token', async (request, reply) => {
    const { plain } = await readPage();
    reply.header('Cache-Control', 'no-store').header('X-Robots-Tag', 'noindex');
    let isKnown = true;
    try {
      isKnown = (await options.checkWaitlistLink?.(request.params.token)) ?? true;
    } catch (error) {
      // The page still loads; its own read of the API answers in its words.
      request.log.warn({ err: error }, 'waiting-list page served without checking its link');
    }
    return sendPage(request, reply.status(isKnown ? 200 : 404), plain);
  });
}
