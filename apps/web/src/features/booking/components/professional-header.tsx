import { useState } from 'react';
import type { PublicProfile } from '@agendaki/shared';
import { getNameInitials } from '../lib/name-initials';

/**
 * The photo over the initials: they show while it loads and stay if it fails. Plain elements
 * rather than the Radix Avatar of the dashboard, which would add to the page's first download.
 */
function ProfessionalAvatar({ src, name }: { src: string | null; name: string }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  return (
    <span className="relative flex size-16 shrink-0 overflow-hidden rounded-full border-2 border-background shadow-sm sm:size-20">
      <span
        aria-hidden="true"
        className="flex size-full items-center justify-center rounded-full bg-primary text-xl font-semibold text-primary-foreground sm:text-2xl"
      >
        {getNameInitials(name)}
      </span>
      {src && src !== failedSrc ? (
        <img
          src={src}
          alt=""
          width={80}
          height={80}
          onError={() => setFailedSrc(src)}
          className="absolute inset-0 aspect-square size-full object-cover"
        />
      ) : null}
    </span>
  );
}

/** Who the client is booking with: photo (or initials), business, name and bio. */
export function ProfessionalHeader({ profile }: { profile: PublicProfile }) {
  return (
    <header className="flex flex-col gap-4">
      <div className="flex items-center gap-4">
        <ProfessionalAvatar src={profile.avatarUrl} name={profile.professionalName} />
        <div className="min-w-0">
          <h1 className="text-xl leading-tight font-bold tracking-tight break-words sm:text-2xl">
            {profile.businessName}
          </h1>
          <p className="mt-1 text-muted-foreground">{profile.professionalName}</p>
        </div>
      </div>
      {profile.bio ? (
        <p className="text-sm leading-relaxed whitespace-pre-line text-foreground/80 sm:text-base">
          {profile.bio}
        </p>
      ) : null}
    </header>
  );
}
