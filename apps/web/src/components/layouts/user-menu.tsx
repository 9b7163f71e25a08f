import { LogOut, UserRound } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { Avatar, AvatarFallback } from '@/components/ui/avatar';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { paths } from '@/config/paths';
import { useSignOut } from '@/features/auth/api/sign-out';
import { getErrorMessage } from '@/lib/api-client';
import { getEmailInitials } from './user-initials';

/**
 * The top bar's avatar and its menu: the e-mail, "Perfil" and "Sair". AccountMenu mounts it,
 * open, in place of its stand-in button when that is first pressed.
 */
export function UserMenu({ email, defaultOpen = false }: { email: string; defaultOpen?: boolean }) {
  const navigate = useNavigate();
  const signOut = useSignOut();

  async function handleSignOut() {
    try {
      // Clears every cached answer and records "signed out" before leaving.
      await signOut.mutateAsync();
      await navigate(paths.auth.getHref(), { replace: true });
    } catch (error) {
      toast.error('Erro ao sair', { description: getErrorMessage(error) });
    }
  }

  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger
        className="rounded-full outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        aria-label="Menu da conta"
      >
        <Avatar>
          <AvatarFallback>{getEmailInitials(email)}</AvatarFallback>
        </Avatar>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel className="font-normal">
          <span className="block text-xs text-muted-foreground">Conectado como</span>
          <span className="block truncate font-medium" title={email}>
            {email}
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigate(paths.dashboard.settings.getHref('profile'))}>
          <UserRound aria-hidden="true" />
          Perfil
        </DropdownMenuItem>
        <DropdownMenuItem
          variant="destructive"
          disabled={signOut.isPending}
          // Keep the menu open while the request runs; the page changes when it is done.
          onSelect={(event) => {
            event.preventDefault();
            void handleSignOut();
          }}
        >
          <LogOut aria-hidden="true" />
          {signOut.isPending ? 'Saindo...' : 'Sair'}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
