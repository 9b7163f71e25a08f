import type { Profile } from '@agendaki/shared';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Separator } from '@/components/ui/separator';
import { getPublicLinkUrl } from '../lib/public-link';
import { CopyLinkButton } from './copy-link-button';
import { CustomLinkEditor } from './custom-link-editor';
import { LinkLockedNotice } from './link-locked-notice';
import { PublicLinkDisplay } from './public-link-display';

export interface LinkSettingsProps {
  profile: Profile;
  hasAccess: boolean;
}

/** Configurações > Meu Link: the public address, a copy button and the link editor. */
export function LinkSettings({ profile, hasAccess }: LinkSettingsProps) {
  const url = getPublicLinkUrl(profile.customLink);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Meu Link</CardTitle>
        <CardDescription>Compartilhe este endereço para seus clientes agendarem.</CardDescription>
      </CardHeader>
      <CardContent className="grid max-w-2xl gap-6">
        <div className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center">
          <PublicLinkDisplay url={url} />
          <CopyLinkButton url={url} className="w-full sm:w-fit" />
        </div>
        <Separator />
        <div className="grid gap-4">
          <div className="space-y-1">
            <h4 className="font-medium">Personalizar link</h4>
            <p className="text-sm text-muted-foreground">
              Ao trocar, o endereço antigo deixa de funcionar: atualize onde você o divulgou.
            </p>
          </div>
          {hasAccess ? null : <LinkLockedNotice />}
          {/* Remounted when the link changes, so the field starts from the saved value. */}
          <CustomLinkEditor
            key={profile.customLink}
            currentLink={profile.customLink}
            hasAccess={hasAccess}
            place="settings"
          />
        </div>
      </CardContent>
    </Card>
  );
}
