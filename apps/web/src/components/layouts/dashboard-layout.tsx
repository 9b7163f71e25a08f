import { NavLink, Outlet } from 'react-router';
import { cn } from '@/lib/cn';
import { BrandLogo } from './brand-logo';
import { DASHBOARD_NAV_ITEMS } from './dashboard-nav-items';

function DashboardNav({ className }: { className?: string }) {
  return (
    <nav aria-label="Menu do painel" className={className}>
      {DASHBOARD_NAV_ITEMS.map(({ label, href, icon: Icon, isExact }) => (
        <NavLink
          key={href}
          to={href}
          end={isExact}
          className={({ isActive }) =>
            cn(
              'flex shrink-0 items-center gap-3 rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
              isActive && 'bg-accent text-accent-foreground',
            )
          }
        >
          <Icon className="size-4" aria-hidden="true" />
          {label}
        </NavLink>
      ))}
    </nav>
  );
}

/**
 * The professional area's frame. The session guard, the collapsible sidebar (cookie
 * `sidebar:state`, Ctrl/Cmd+B) and the top bar's avatar menu arrive with the auth issue.
 */
export function DashboardLayout() {
  return (
    <div className="min-h-dvh bg-muted/40 md:flex">
      <aside className="border-b bg-background md:sticky md:top-0 md:h-dvh md:w-64 md:shrink-0 md:border-r md:border-b-0">
        <div className="flex h-16 flex-col justify-center px-4">
          <BrandLogo />
          <p className="pl-10 text-xs text-muted-foreground">Sistema Profissional</p>
        </div>
        <DashboardNav className="flex gap-1 overflow-x-auto px-3 pb-3 md:flex-col md:overflow-visible" />
      </aside>
      <main className="flex-1 px-4 py-6 sm:px-6 lg:px-8">
        <div className="mx-auto w-full max-w-6xl space-y-6">
          <Outlet />
        </div>
      </main>
    </div>
  );
}
