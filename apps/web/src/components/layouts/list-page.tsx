import { LoaderCircle, Plus, Search } from 'lucide-react';
import { Fragment, useEffect, type ReactNode } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState, type EmptyStateProps } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { LoadMoreButton, type NextPageQuery } from '@/components/ui/load-more-button';
import { cn } from '@/lib/cn';
import { PageHeader } from './page-header';

/** The part of a paged TanStack query the list page reads. */
export interface ListPageQuery extends NextPageQuery {
  isPending: boolean;
  isError: boolean;
  /** Pages already loaded: an error while refreshing keeps them on screen. */
  data: unknown;
  refetch: () => unknown;
}

export interface ListPageProps<T> {
  title: string;
  description: string;
  /** The header button that opens the create form ("Novo Cliente"). */
  createLabel: string;
  onCreate: () => void;
  /** More header buttons, before the create button (Agenda: "Bloquear horário"). */
  actions?: ReactNode;
  /** Shown under the header whatever the list's state (Agenda: the blocks). */
  header?: ReactNode;
  query: ListPageQuery;
  /** The loaded items, all pages. */
  items: readonly T[];
  /** More to wait for before deciding what to show (e.g. whether anything exists at all). */
  isLoading?: boolean;
  /** Nothing exists yet (not merely nothing matching): the empty state, no search or filters. */
  hasNone: boolean;
  /** Search and filters, above the list. */
  toolbar: ReactNode;
  empty: EmptyStateProps;
  /** Nothing matches the search or filters. */
  noMatch: EmptyStateProps;
  loadError: {
    /** The toast's title ("Erro ao carregar clientes"). */
    toast: string;
    toastDescription?: string;
    /** In the card with "Tentar novamente". */
    message: string;
  };
  /** Names the list for screen readers ("Clientes") and the loading status. */
  listLabel: string;
  loadingLabel: string;
  /** Grid columns, shared by the cards and their placeholders. */
  gridClassName: string;
  /** One placeholder card, repeated while the first page loads. */
  skeletonCard: ReactNode;
  skeletonCount?: number;
  getKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  /** The create/edit dialog. */
  children?: ReactNode;
}

/**
 * A dashboard list page (Clientes, Agenda): header with the create button, search and filters,
 * the empty states, the card grid and "Carregar mais".
 */
export function ListPage<T>({
  title,
  description,
  createLabel,
  onCreate,
  actions,
  header,
  query,
  items,
  isLoading = false,
  hasNone,
  toolbar,
  empty,
  noMatch,
  loadError,
  listLabel,
  loadingLabel,
  gridClassName,
  skeletonCard,
  skeletonCount = 3,
  getKey,
  renderItem,
  children,
}: ListPageProps<T>) {
  const { toast: errorTitle, toastDescription: errorDescription } = loadError;
  useEffect(() => {
    if (query.isError) toast.error(errorTitle, { description: errorDescription });
  }, [query.isError, errorTitle, errorDescription]);

  const isFirstLoad = query.isPending || isLoading;
  const hasFailed = query.isError && !query.data;

  let content: ReactNode;
  if (isFirstLoad) {
    content = (
      <div className={cn('grid gap-4', gridClassName)} aria-busy="true">
        {Array.from({ length: skeletonCount }, (_, index) => (
          <div key={index} className="flex min-w-0 *:w-full">
            {skeletonCard}
          </div>
        ))}
        <span className="sr-only" role="status">
          {loadingLabel}
        </span>
      </div>
    );
  } else if (hasFailed) {
    content = (
      <Card className="items-center px-6 py-10 text-center">
        <p className="text-muted-foreground">{loadError.message}</p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          Tentar novamente
        </Button>
      </Card>
    );
  } else if (hasNone) {
    content = <EmptyState {...empty} />;
  } else if (items.length === 0) {
    content = <EmptyState {...noMatch} />;
  } else {
    content = (
      <>
        <ul className={cn('grid gap-4', gridClassName)} aria-label={listLabel}>
          {items.map((item) => (
            <li key={getKey(item)} className="flex min-w-0">
              {renderItem(item)}
            </li>
          ))}
        </ul>
        <LoadMoreButton query={query} />
      </>
    );
  }

  return (
    <>
      <PageHeader
        title={title}
        description={description}
        actions={
          <div className="flex flex-wrap gap-2">
            {actions}
            <Button onClick={onCreate}>
              <Plus aria-hidden="true" />
              {createLabel}
            </Button>
          </div>
        }
      />
      {/* Keyed: under Preact (decision 041) an unkeyed sibling that appears (the toolbar) or
          changes type (the list) could remount what follows, and with it an open dialog. */}
      <Fragment key="header">{header}</Fragment>
      <Fragment key="toolbar">{isFirstLoad || hasFailed || hasNone ? null : toolbar}</Fragment>
      <Fragment key="content">{content}</Fragment>
      <Fragment key="children">{children}</Fragment>
    </>
  );
}

export interface ListSearchProps {
  value: string;
  onChange: (text: string) => void;
  /** Also the field's accessible name unless `label` is given. */
  placeholder: string;
  label?: string;
  /** A search is on its way to the server. */
  isSearching?: boolean;
  className?: string;
}

/** The search field of a list page, with its spinner while the server searches. */
export function ListSearch({
  value,
  onChange,
  placeholder,
  label = placeholder,
  isSearching = false,
  className,
}: ListSearchProps) {
  return (
    <div className={cn('relative', className)}>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        aria-label={label}
        className="pr-9 pl-9"
      />
      {isSearching ? (
        <LoaderCircle
          className="absolute top-1/2 right-3 size-4 -translate-y-1/2 animate-spin text-muted-foreground"
          aria-hidden="true"
        />
      ) : null}
    </div>
  );
}
