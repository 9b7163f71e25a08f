import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendApiNotFound } from './errors';

const API_PREFIX = '/api/';

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith(API_PREFIX);
}

/**
 * Serves the built web app: hashed files under /assets/ cached for a year, everything else
 * revalidated, and index.html for every client route (react-router decides what it shows).
 * Without a build (API-only tests, dev mode) only the API answers.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const indexPath = path.join(distDir, 'index.html');
  const hasBuild = fs.existsSync(indexPath);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
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

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (isApiPath(pathname) || !wantsPage || !hasBuild || pathname.startsWith('/assets/')) {
      return sendApiNotFound(reply);
    }
    return reply.type('text/html; charset=utf-8').sendFile('index.html');
  });
}
