/**
 * The full public address, shown whole and never cut off. On a narrow screen it wraps after
 * "/book/" first (a slash is no line-break opportunity by itself), then at hyphens.
 */
export function PublicLinkDisplay({ url }: { url: string }) {
  const cut = url.lastIndexOf('/') + 1;
  return (
    <p
      className="rounded-lg border bg-muted/50 px-4 py-3 font-mono text-sm [overflow-wrap:anywhere]"
      data-testid="public-link"
    >
      {url.slice(0, cut)}
      <wbr />
      {url.slice(cut)}
    </p>
  );
}
