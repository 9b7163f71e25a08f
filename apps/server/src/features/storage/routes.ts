import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendApiNotFound } from '../../plugins/errors';
import { STORED_NAME_PATTERN, TYPE_BY_EXTENSION, type FileStorage } from './service';

/**
 * Serves the local storage's files at /uploads/<name> (nothing to serve for remote storage).
 * Names are random and never reused, so a file is cached for a year; its content type is the
 * one decided from its bytes at upload (kept in the extension), and nosniff stops a browser
 * from guessing another.
 */
export const uploadsRoutes: FastifyPluginAsyncZod<{ storage: FileStorage }> = async (
  app,
  { storage },
) => {
  const directory = storage.localDirectory;
  if (!directory) return;

  app.get(
    '/uploads/:name',
    { schema: { params: z.object({ name: z.string() }) } },
    async (request, reply) => {
      const { name } = request.params;
      if (!STORED_NAME_PATTERN.test(name)) return sendApiNotFound(reply);
      const filePath = path.join(directory, name);
      const stat = await fs.promises.stat(filePath).catch(() => undefined);
      if (!stat?.isFile()) return sendApiNotFound(reply);
      const extension = name.slice(name.lastIndexOf('.') + 1);
      return reply
        .header('Content-Type', TYPE_BY_EXTENSION[extension]!)
        .header('Content-Length', stat.size)
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'; sandbox")
        .send(fs.createReadStream(filePath));
    },
  );
};
