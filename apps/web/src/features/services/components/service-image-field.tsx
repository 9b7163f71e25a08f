import { ImageIcon, ImageUp, Trash2 } from 'lucide-react';
import { useEffect, useId, type ChangeEvent } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { SERVICE_IMAGE_ACCEPT, validateImageFile } from '../lib/image-file';

/** What saving the form does with the image. */
export type ImageChoice =
  { kind: 'keep' } | { kind: 'new'; file: File; previewUrl: string } | { kind: 'remove' };

export interface ServiceImageFieldProps {
  /** The image the service has now, if any. */
  currentUrl: string | null;
  choice: ImageChoice;
  onChange: (choice: ImageChoice) => void;
  disabled?: boolean;
}

export function ServiceImageField({
  currentUrl,
  choice,
  onChange,
  disabled,
}: ServiceImageFieldProps) {
  const inputId = useId();
  const hintId = useId();

  // The preview URL lives as long as its choice; a new choice or leaving the form frees it.
  useEffect(
    () => () => {
      if (choice.kind === 'new') URL.revokeObjectURL(choice.previewUrl);
    },
    [choice],
  );

  const shownUrl =
    choice.kind === 'new' ? choice.previewUrl : choice.kind === 'keep' ? currentUrl : null;

  async function handleFile(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Cleared so choosing the same file again still fires a change.
    input.value = '';
    if (!file) return;
    const check = await validateImageFile(file);
    if (!check.isValid) {
      toast.error(check.title, { description: check.description });
      return;
    }
    onChange({ kind: 'new', file, previewUrl: URL.createObjectURL(file) });
  }

  return (
    <div className="space-y-3">
      <span className="text-sm font-medium">Imagem</span>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <div className="grid aspect-[4/3] w-full shrink-0 place-items-center overflow-hidden rounded-lg border bg-muted sm:w-48">
          {shownUrl ? (
            <img
              src={shownUrl}
              alt="Pré-visualização da imagem do serviço"
              className="size-full object-cover"
            />
          ) : (
            <ImageIcon className="size-10 text-muted-foreground/60" aria-hidden="true" />
          )}
        </div>
        <div className="space-y-2">
          <div className="flex flex-wrap gap-2">
            <input
              id={inputId}
              type="file"
              accept={SERVICE_IMAGE_ACCEPT}
              className="peer sr-only"
              aria-describedby={hintId}
              disabled={disabled}
              onChange={(event) => void handleFile(event)}
            />
            <label
              htmlFor={inputId}
              className={cn(
                'inline-flex h-9 cursor-pointer items-center gap-2 rounded-md border border-input bg-background px-3 text-sm font-medium shadow-xs transition-colors hover:bg-accent hover:text-accent-foreground peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/50',
                disabled && 'pointer-events-none opacity-50',
              )}
            >
              <ImageUp className="size-4" aria-hidden="true" />
              {shownUrl ? 'Trocar imagem' : 'Escolher imagem'}
            </label>
            {shownUrl ? (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                disabled={disabled}
                onClick={() => onChange(currentUrl ? { kind: 'remove' } : { kind: 'keep' })}
              >
                <Trash2 aria-hidden="true" />
                Remover imagem
              </Button>
            ) : null}
          </div>
          <p id={hintId} className="text-xs text-muted-foreground">
            JPG, PNG, WEBP ou GIF, até 5MB.
          </p>
        </div>
      </div>
    </div>
  );
}
