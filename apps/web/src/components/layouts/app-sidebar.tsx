import { useState } from 'react';
import { NavLink } from 'react-router';
import { Sidebar, SidebarContent, SidebarHeader, useSidebar } from '@/components/ui/sidebar';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { BrandLogo } from './brand-logo';
import { DASHBOARD_NAV_ITEMS, type DashboardNavItem } from './dashboard-nav-items';

/** Hidden in the collapsed (icons only) desktop sidebar; always shown in the mobile sheet. */
const HIDDEN_WHEN_COLLAPSED = 'group-data-[state=collapsed]/sidebar:sr-only';

/**
 * The label beside an icon of the collapsed desktop sidebar, on hover and focus, until Escape.
 * Fixed to the link's place: the sidebar clips what overflows it. Radix Tooltip is not used: it
 * does not open under preact/compat (decision 041). Screen readers read the link's own label.
 */
function CollapsedLabel({ label, anchor }: { label: string; anchor: DOMRect }) {
  return (
    <span
      aria-hidden="true"
      data-slot="collapsed-label"
      className="pointer-events-none fixed z-50 -translate-y-1/2 rounded-md bg-foreground px-3 py-1.5 text-xs whitespace-nowrap text-background shadow-md"
      style={{ left: anchor.right + 6, top: anchor.top + anchor.height / 2 }}
    >
      {label}
    </span>
  );
}

function SidebarNavLink({ item }: { item: DashboardNavItem }) {
  const { state, isMobile, setOpenMobile } = useSidebar();
  const [anchor, setAnchor] = useState<DOMRect | null>(null);
  const { label, href, icon: Icon, isExact } = item;
  const isCollapsed = state === 'collapsed' && !isMobile;
  const show = (event: { currentTarget: HTMLElement }) =>
    setAnchor(isCollapsed ? event.currentTarget.getBoundingClientRect() : null);
  const hide = () => setAnchor(null);
  return (
    <li>
      <NavLink
        to={href}
        end={isExact}
        // The slide-over closes once a page is chosen.
        onClick={() => {
          if (isMobile) setOpenMobile(false);
          hide();
        }}
        onPointerEnter={show}
        onPointerLeave={hide}
        onFocus={show}
        onBlur={hide}
        onKeyDown={(event) => {
          if (event.key === 'Escape') hide();
        }}
        className="flex h-10 items-center gap-3 overflow-hidden rounded-md px-3 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-[current=page]:bg-accent aria-[current=page]:font-semibold aria-[current=page]:text-accent-foreground group-data-[state=collapsed]/sidebar:size-8 group-data-[state=collapsed]/sidebar:justify-center group-data-[state=collapsed]/sidebar:p-0"
      >
        <Icon className="size-4 shrink-0" aria-hidden="true" />
        <span className={HIDDEN_WHEN_COLLAPSED}>{label}</span>
      </NavLink>
      {anchor && isCollapsed ? <CollapsedLabel label={label} anchor={anchor} /> : null}
    </li>
  );
}

/** The dashboard's sidebar: product, subtitle and the eight pages in the order of docs/product.md section 2. */
export function AppSidebar() {
  return (
    <Sidebar title="Menu do painel">
      <SidebarHeader className="h-16 justify-center border-b">
        <div className="flex min-w-0 flex-col">
          <BrandLogo to={paths.dashboard.root.getHref()} nameClassName={HIDDEN_WHEN_COLLAPSED} />
          <p
            className={cn(
              'truncate pl-10 text-xs leading-tight text-muted-foreground',
              HIDDEN_WHEN_COLLAPSED,
            )}
          >
            Sistema Profissional
          </p>
        </div>
      </SidebarHeader>
      <SidebarContent>
        <nav aria-label="Menu do painel">
          <ul className="flex flex-col gap-1">
            {DASHBOARD_NAV_ITEMS.map((item) => (
              <SidebarNavLink key={item.href} item={item} />
            ))}
          </ul>
        </nav>
      </SidebarContent>
    </Sidebar>
  );
}
