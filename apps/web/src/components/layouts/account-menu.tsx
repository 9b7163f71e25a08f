import { lazy, Suspense, useState } from 'react';
import { Avatar, AvatarFallback } from '@/components/ui/avatar';
import { getEmailInitials } from './user-initials';

// The menu's code (Radix DropdownMenu and its positioning) is not needed to paint a page: it is
// fetched when a pointer or the focus reaches the avatar, and mounted when the avatar is pressed.
const loadUserMenu = () => import('./user-menu');
const UserMenu = lazy(async () => ({ default: (await loadUserMenu()).UserMenu }));

/** The top bar's avatar: a stand-in button until the account menu is first opened. */
export function AccountMenu({ email }: { email: string }) {
  const [isWanted, setWanted] = useState(false);
  const standIn = (
    <button
      type="button"
      className="rounded-full outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
      aria-label="Menu da conta"
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => void loadUserMenu()}
      onFocus={() => void loadUserMenu()}
      onClick={() => setWanted(true)}
    >
      <Avatar>
        <AvatarFallback>{getEmailInitials(email)}</AvatarFallback>
      </Avatar>
    </button>
  );
  if (!isWanted) return standIn;
  // Opened on mount: the press that asked for it opens it; Radix then moves the focus.
  return (
    <Suspense fallback={standIn}>
      <UserMenu email={email} defaultOpen />
    </Suspense>
  );
}
