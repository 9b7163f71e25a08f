import type { PublicProfessionalResponse } from '@agendaki/shared';

/**
 * The element the server writes into the HTML of /book/* and /profissional/*
 * (`PUBLIC_DATA_ELEMENT_ID` of @agendaki/shared, repeated here so that this first-paint code
 * does not pull the shared zod schemas into the page's first download).
 */
export const EMBEDDED_DATA_ELEMENT_ID = 'agendaki-data';
/** The class names the server's render merged (`PUBLIC_CLASS_NAMES_ELEMENT_ID`, lib/cn.ts). */
export const EMBEDDED_CLASS_NAMES_ELEMENT_ID = 'agendaki-class-names';

function isPublicProfessional(value: unknown): value is PublicProfessionalResponse {
  if (typeof value !== 'object' || value === null) return false;
  const data = value as Partial<PublicProfessionalResponse>;
  const profile = data.profile;
  return (
    typeof profile === 'object' &&
    profile !== null &&
    typeof profile.id === 'string' &&
    typeof profile.customLink === 'string' &&
    typeof profile.professionalName === 'string' &&
    typeof profile.businessName === 'string' &&
    Array.isArray(data.services) &&
    Array.isArray(data.openWeekdays) &&
    typeof data.today === 'string'
  );
}

function matchesIdentifier(data: PublicProfessionalResponse, identifier: string): boolean {
  return (
    data.profile.id === identifier ||
    data.profile.customLink.toLowerCase() === identifier.toLowerCase()
  );
}

/**
 * The professional the server embedded in the page (`<script type="application/json">`), read
 * synchronously so the first paint needs no request. Read once, then removed: it describes the
 * moment the page was served, and a later visit (client-side navigation) must ask the API.
 * Undefined when absent, malformed, or about another link.
 */
export function readEmbeddedProfessional(
  identifier: string,
  doc: Document = document,
): PublicProfessionalResponse | undefined {
  const element = doc.getElementById(EMBEDDED_DATA_ELEMENT_ID);
  if (!element) return undefined;
  const text = element.textContent ?? '';
  element.remove();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  return isPublicProfessional(json) && matchesIdentifier(json, identifier) ? json : undefined;
}

/**
 * The class names the server's render merged, `{ joined: merged }`, read once and removed; an
 * empty table when absent or malformed (the page then merges them itself, as before).
 */
export function readEmbeddedClassNames(doc: Document = document): Record<string, string> {
  const element = doc.getElementById(EMBEDDED_CLASS_NAMES_ELEMENT_ID);
  if (!element) return {};
  const text = element.textContent ?? '';
  element.remove();
  try {
    const json: unknown = JSON.parse(text);
    return typeof json === 'object' && json !== null && !Array.isArray(json)
      ? (json as Record<string, string>)
      : {};
  } catch {
    return {};
  }
}
