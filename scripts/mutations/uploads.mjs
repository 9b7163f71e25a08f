// Mutations of uploaded images and the files behind them.
import {
  FUZZ_CONTENT_TYPES,
  HEADERS,
  IMAGE_COST,
  ORPHAN_FILES,
  S3_STORAGE,
  SERVICE_IMAGES,
  UPLOAD_HEADERS,
} from './_tests.mjs';

export default [
  {
    name: 'upload-nosniff-removed',
    protection: 'uploaded files served with X-Content-Type-Options: nosniff by their own route',
    file: 'apps/server/src/features/storage/routes.ts',
    find: `
        .header('X-Content-Type-Options', 'nosniff')`,
    replace: '',
    // headers.test.ts cannot see it: helmet adds nosniff to every answer of the full app.
    test: UPLOAD_HEADERS,
  },
  {
    name: 'upload-sandbox-csp-removed',
    protection: "uploaded files served with CSP default-src 'none'; sandbox",
    file: 'apps/server/src/features/storage/routes.ts',
    find: `
        .header('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'; sandbox")`,
    replace: '',
    test: HEADERS,
  },
  {
    name: 'upload-path-check-removed',
    protection: 'GET /uploads/:name serves only stored names, never a path outside the folder',
    file: 'apps/server/src/features/storage/routes.ts',
    find: 'if (!STORED_NAME_PATTERN.test(name)) return sendApiNotFound(reply);',
    replace: 'if (false && !STORED_NAME_PATTERN.test(name)) return sendApiNotFound(reply);',
    // headers.test.ts asks for names outside the folder too, but none of them exists there.
    test: UPLOAD_HEADERS,
  },
  {
    name: 'upload-type-detection-bypassed',
    protection: 'image type decided from the bytes; anything else refused',
    file: 'apps/server/src/features/services/service.ts',
    find: 'if (!detectImageType(data)) throw refuse();',
    replace: 'void detectImageType;',
    test: SERVICE_IMAGES,
  },
  {
    name: 'multipart-errors-500',
    protection: 'a malformed multipart body (no boundary, truncated part) is a pt-BR 400',
    file: 'apps/server/src/lib/multipart.ts',
    find: "return new AppError('BAD_REQUEST', MALFORMED_MULTIPART_MESSAGE);",
    replace: 'return error;',
    test: FUZZ_CONTENT_TYPES,
  },
  {
    name: 'multipart-boundary-unchecked',
    protection:
      'a multipart Content-Type with an empty or invalid boundary is refused as malformed',
    file: 'apps/server/src/lib/multipart.ts',
    find: "if (request.isMultipart() && !hasValidBoundary(request.headers['content-type'])) {",
    replace:
      "if (false && request.isMultipart() && !hasValidBoundary(request.headers['content-type'])) {",
    test: FUZZ_CONTENT_TYPES,
  },
  {
    name: 'upload-frame-ancestors-removed',
    protection: "uploaded files keep frame-ancestors 'none' in their own CSP",
    file: 'apps/server/src/features/storage/routes.ts',
    find: "\"default-src 'none'; frame-ancestors 'none'; sandbox\"",
    replace: '"default-src \'none\'; sandbox"',
    test: HEADERS,
  },
  // Issue 44, finding 4: image decoding cost (docs/decisions/030).
  {
    name: 'image-side-unlimited',
    protection: 'an upload wider or taller than 10,000 px refused from its header',
    file: 'apps/server/src/features/storage/images.ts',
    find: 'width > SERVICE_IMAGE_MAX_SIDE ||',
    replace: 'width > Number.MAX_SAFE_INTEGER ||',
    test: IMAGE_COST,
  },
  {
    name: 'image-jobs-unbounded',
    protection: 'uploads decoded one at a time, the others queued',
    file: 'apps/server/src/features/storage/images.ts',
    find: 'export const IMAGE_JOBS_AT_ONCE = 1;',
    replace: 'export const IMAGE_JOBS_AT_ONCE = 1000;',
    test: IMAGE_COST,
  },
  // Issue 44, finding 8: files and erased strings left behind (docs/decisions/030).
  {
    name: 'upload-displaced-files-kept',
    protection: 'an upload removes, after its commit, the files it displaced (another upload’s)',
    file: 'apps/server/src/features/services/service.ts',
    find: 'if it came first.\n  for (const url of replacement.replaced) await removeQuietly(storage, url);',
    replace: 'if it came first.',
    test: ORPHAN_FILES,
  },
  {
    name: 's3-orphans-not-listed',
    protection: 'the sweep lists the bucket’s stored files (ListObjectsV2)',
    file: 'apps/server/src/features/storage/s3.ts',
    find: 'yield* page.files;',
    replace: 'yield* page.files.slice(0, 0);',
    test: S3_STORAGE,
  },
];
