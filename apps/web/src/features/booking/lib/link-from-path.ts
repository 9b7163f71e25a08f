const SHARED_LINK_PATH = /^\/(?:book|profissional)\/([^/]+)\/?$/;

/**
 * The link of a shared booking address: "/book/<link>" or "/profissional/<identifier>" (the
 * profile id), decoded as the router would; "" for anything else, which the page shows as
 * "Link inválido". The public page reads it from `location.pathname` (book-main.tsx).
 */
export function readLinkFromPath(pathname: string): string {
  const match = SHARED_LINK_PATH.exec(pathname);
  if (!match) return '';
  try {
    return decodeURIComponent(match[1]!).trim();
  } catch {
    // A malformed escape ("%E0%A4"): no professional has that link.
    return '';
  }
}
