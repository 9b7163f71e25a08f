import { PRODUCT_NAME } from '@agendaki/shared';
import { Separator } from '@/components/ui/separator';
import { SidebarTrigger } from '@/components/ui/sidebar';
import { AccountMenu } from './account-menu';

/** Above every dashboard page: the sidebar toggle and the account menu. */
export function TopBar({ email }: { email: string }) {
  return (
    <header className="sticky top-0 z-30 flex h-16 shrink-0 items-center gap-2 border-b bg-background/95 px-3 backdrop-blur supports-[backdrop-filter]:bg-background/80 sm:px-4">
      <SidebarTrigger />
      <Separator orientation="vertical" className="mx-1 data-[orientation=vertical]:h-5" />
      {/* On phones the sidebar (and its product name) is hidden behind the trigger. */}
      <span className="font-semibold tracking-tight md:hidden">{PRODUCT_NAME}</span>
      <div className="ml-auto flex items-center gap-2">
        <AccountMenu email={email} />
      </div>
    </header>
  );
}
