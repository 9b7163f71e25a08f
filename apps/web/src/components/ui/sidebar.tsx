import { PanelLeft } from 'lucide-react';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ComponentProps,
  type ReactNode,
} from 'react';
import { cn } from '@/lib/cn';
import { MOBILE_QUERY } from '@/lib/mobile-query';
import { Button } from './button';
import { lazyDialog } from '@/lib/lazy-dialog';

/*
 * A collapsible sidebar (docs/product.md section 2, "Dashboard shell", section 9): 16rem open, 3rem collapsed to
 * icons, and under 768px a slide-over of 18rem. Ctrl/Cmd+B toggles it; the desktop state is
 * remembered for 7 days in the cookie `sidebar:state`.
 */
export const SIDEBAR_COOKIE_NAME = 'sidebar:state';
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;
const SIDEBAR_SHORTCUT_KEY = 'b';

export type SidebarState = 'expanded' | 'collapsed';

/** The remembered state: open unless the cookie says "false". */
export function readSidebarCookie(cookie: string = document.cookie): boolean {
  const entry = cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${SIDEBAR_COOKIE_NAME}=`));
  return entry?.slice(SIDEBAR_COOKIE_NAME.length + 1) !== 'false';
}

function writeSidebarCookie(isOpen: boolean): void {
  document.cookie = `${SIDEBAR_COOKIE_NAME}=${isOpen}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; SameSite=Lax`;
}

function subscribeToMobileQuery(onChange: () => void): () => void {
  const query = window.matchMedia(MOBILE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribeToMobileQuery,
    () => window.matchMedia(MOBILE_QUERY).matches,
    () => false,
  );
}

interface SidebarContextValue {
  state: SidebarState;
  isOpen: boolean;
  setOpen: (isOpen: boolean) => void;
  isMobile: boolean;
  isOpenMobile: boolean;
  setOpenMobile: (isOpen: boolean) => void;
  toggleSidebar: () => void;
}

const SidebarContext = createContext<SidebarContextValue | null>(null);

export function useSidebar(): SidebarContextValue {
  const context = useContext(SidebarContext);
  if (!context) throw new Error('useSidebar must be used within a SidebarProvider.');
  return context;
}

export function SidebarProvider({ children }: { children: ReactNode }) {
  const isMobile = useIsMobile();
  const [isOpen, setOpenState] = useState(() => readSidebarCookie());
  const [isOpenMobile, setOpenMobile] = useState(false);

  const setOpen = useCallback((next: boolean) => {
    setOpenState(next);
    writeSidebarCookie(next);
  }, []);

  const toggleSidebar = useCallback(() => {
    if (isMobile) setOpenMobile((open) => !open);
    else setOpen(!isOpen);
  }, [isMobile, isOpen, setOpen]);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key.toLowerCase() !== SIDEBAR_SHORTCUT_KEY) return;
      if (!(event.metaKey || event.ctrlKey) || event.altKey || event.shiftKey) return;
      event.preventDefault();
      toggleSidebar();
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggleSidebar]);

  const value = useMemo<SidebarContextValue>(
    () => ({
      state: isOpen ? 'expanded' : 'collapsed',
      isOpen,
      setOpen,
      isMobile,
      isOpenMobile,
      setOpenMobile,
      toggleSidebar,
    }),
    [isOpen, setOpen, isMobile, isOpenMobile, toggleSidebar],
  );

  return <SidebarContext.Provider value={value}>{children}</SidebarContext.Provider>;
}

export interface SidebarProps {
  /** The slide-over's accessible name on mobile. */
  title: string;
  children: ReactNode;
}

// The mobile slide-over (a Radix Dialog) downloads when first opened, not with every page.
const SidebarSheet = lazyDialog(
  async () => (await import('./sidebar-sheet')).SidebarSheet,
  (props) => props.open,
);

/** A sticky column on desktop, a Radix Dialog sheet from the left on mobile. */
export function Sidebar({ title, children }: SidebarProps) {
  const { state, isMobile, isOpenMobile, setOpenMobile } = useSidebar();
  if (isMobile) {
    return (
      <SidebarSheet open={isOpenMobile} onOpenChange={setOpenMobile} title={title}>
        {children}
      </SidebarSheet>
    );
  }
  return (
    <aside
      data-slot="sidebar"
      data-state={state}
      className="group/sidebar sticky top-0 hidden h-dvh w-64 shrink-0 flex-col overflow-hidden border-r bg-background transition-[width] duration-200 ease-out data-[state=collapsed]:w-12 motion-reduce:transition-none md:flex"
    >
      {children}
    </aside>
  );
}

export function SidebarHeader({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="sidebar-header"
      className={cn('flex flex-col gap-2 p-3 group-data-[state=collapsed]/sidebar:px-2', className)}
      {...props}
    />
  );
}

export function SidebarContent({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="sidebar-content"
      className={cn(
        'flex min-h-0 flex-1 flex-col gap-2 overflow-x-hidden overflow-y-auto p-3 group-data-[state=collapsed]/sidebar:px-2',
        className,
      )}
      {...props}
    />
  );
}

export function SidebarTrigger({ className, onClick, ...props }: ComponentProps<typeof Button>) {
  const { toggleSidebar, isMobile, isOpen } = useSidebar();
  return (
    <Button
      data-slot="sidebar-trigger"
      variant="ghost"
      size="icon"
      className={cn('size-9', className)}
      aria-expanded={isMobile ? undefined : isOpen}
      aria-keyshortcuts="Control+B Meta+B"
      onClick={(event) => {
        onClick?.(event);
        toggleSidebar();
      }}
      {...props}
    >
      <PanelLeft aria-hidden="true" />
      <span className="sr-only">{isMobile ? 'Abrir menu' : 'Alternar menu lateral'}</span>
    </Button>
  );
}
