import type { Profile } from '@agendaki/shared';
import { ExternalLink, Pencil } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { getPublicLinkUrl } from '../lib/public-link';
import { CopyLinkButton } from './copy-link-button';
import { CustomLinkEditor } from './custom-link-editor';
import { PublicLinkDisplay } from './public-link-display';

export interface PublicLinkCardProps {
  profile: Profile;
  hasAccess: boolean;
}

/** Meu Link's link card: the full public address, copy, edit (view → edit mode) and open. */
export function PublicLinkCard({ profile, hasAccess }: PublicLinkCardProps) {
  const [isEditing, setIsEditing] = useState(false);
  const url = getPublicLinkUrl(profile.customLink);
  const isActive = profile.isActive && hasAccess;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Seu link de agendamento</CardTitle>
        <CardDescription>
          Envie para seus clientes ou coloque na bio das suas redes sociais.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <PublicLinkDisplay url={url} />
        {isEditing && hasAccess ? (
          <CustomLinkEditor
            currentLink={profile.customLink}
            hasAccess={hasAccess}
            place="my-link"
            autoFocus
            onSaved={() => setIsEditing(false)}
            onCancel={() => setIsEditing(false)}
          />
        ) : (
          <div className="grid gap-2">
            <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
              <CopyLinkButton url={url} variant="default" className="w-full sm:w-fit" />
              <Button
                type="button"
                variant="outline"
                className="w-full sm:w-fit"
                disabled={!hasAccess}
                onClick={() => setIsEditing(true)}
              >
                <Pencil aria-hidden="true" />
                Editar link
              </Button>
              {isActive ? (
                <Button asChild variant="outline" className="w-full sm:w-fit">
                  <a href={url} target="_blank" rel="noopener noreferrer">
                    <ExternalLink aria-hidden="true" />
                    Abrir página pública
                  </a>
                </Button>
              ) : (
                <Button type="button" variant="outline" className="w-full sm:w-fit" disabled>
                  <ExternalLink aria-hidden="true" />
                  Abrir página pública
                </Button>
              )}
            </div>
            {hasAccess ? null : (
              <p className="text-sm text-muted-foreground">
                Editar o link exige uma assinatura ativa ou o período gratuito.
              </p>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
