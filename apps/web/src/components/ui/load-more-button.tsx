import { LoaderCircle } from 'lucide-react';
import { Button } from './button';

/** The part of an infinite TanStack query that "Carregar mais" needs. */
export interface NextPageQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** "Carregar mais" under a paged list; nothing once the last page is shown. */
export function LoadMoreButton({ query }: { query: NextPageQuery }) {
  if (!query.hasNextPage) return null;
  return (
    <div className="flex justify-center">
      <Button
        variant="outline"
        onClick={() => void query.fetchNextPage()}
        disabled={query.isFetchingNextPage}
      >
        {query.isFetchingNextPage ? (
          <LoaderCircle className="animate-spin" aria-hidden="true" />
        ) : null}
        Carregar mais
      </Button>
    </div>
  );
}
