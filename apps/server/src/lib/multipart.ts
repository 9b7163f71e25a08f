import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';

export const MALFORMED_MULTIPART_MESSAGE =
  'O arquivo chegou incompleto ou malformado. Tente enviar novamente.';

const BOUNDARY_PARAM = /;\s*boundary\s*=\s*(?:"([^"]*)"|([^;\s]*))/i;
/** RFC 2046 section 5.1.1: 1 to 70 of these characters, not ending in a space. */
const BOUNDARY = /^[0-9A-Za-z'()+_,\-./:=? ]{0,69}[0-9A-Za-z'()+_,\-./:=?]$/;

/** Whether a multipart Content-Type names a boundary that can delimit parts at all. */
export function hasValidBoundary(contentType: string | undefined): boolean {
  const match = BOUNDARY_PARAM.exec(contentType ?? '');
  const boundary = match?.[1] ?? match?.[2];
  return boundary !== undefined && BOUNDARY.test(boundary);
}

/**
 * @fastify/multipart's own errors carry a 4xx (limits: 413; not multipart: 406, answered 415 by
 * plugins/errors.ts). Busboy's are plain errors ("Boundary not found", "Unexpected end of form",
 * "Malformed part header"): all of them are the body the client sent, never a 500.
 */
function asClientError(error: unknown): unknown {
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status < 500) return error;
  return new AppError('BAD_REQUEST', MALFORMED_MULTIPART_MESSAGE);
}

/**
 * The one file of a multipart/form-data request, read whole; undefined when the form has none.
 * Every multipart read goes through here, so a malformed body is always a pt-BR 400.
 */
export async function readSingleFile(request: FastifyRequest): Promise<Buffer | undefined> {
  if (request.isMultipart() && !hasValidBoundary(request.headers['content-type'])) {
    throw new AppError('BAD_REQUEST', MALFORMED_MULTIPART_MESSAGE);
  }
  try {
    const part = await request.file();
    return part ? await part.toBuffer() : undefined;
  } catch (error) {
    throw asClientError(error);
  }
}
