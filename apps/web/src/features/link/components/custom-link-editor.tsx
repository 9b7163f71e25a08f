import {
  CUSTOM_LINK_MAX,
  customLinkUpdateSchema,
  normalizeCustomLink,
  type CustomLinkUpdate,
} from '@agendaki/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Check, LoaderCircle, X } from 'lucide-react';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { SubmitButton } from '@/components/ui/submit-button';
import { Label } from '@/components/ui/label';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useUpdateCustomLink } from '../api/update-custom-link';
import { useLinkCheck, type LinkCheck } from '../hooks/use-link-check';
import { getPublicLinkPrefix } from '../lib/public-link';

/** Where the editor sits: the two screens word a refused save differently (docs/product.md section 8). */
export type LinkEditorPlace = 'settings' | 'my-link';

const REFUSED_LINK_TITLE = 'Link inválido ou já em uso.';

function toastSaveFailure(place: LinkEditorPlace, error: unknown) {
  const message = getErrorMessage(error);
  if (place === 'settings') {
    toast.error('Erro ao atualizar link', { description: message });
  } else if (isApiError(error) && (error.status === 409 || error.status === 400)) {
    toast.error(REFUSED_LINK_TITLE, {
      description: message === REFUSED_LINK_TITLE ? undefined : message,
    });
  } else {
    toast.error('Erro ao salvar link personalizado.', { description: message });
  }
}

function CheckStatus({
  id,
  check,
  isCurrent,
}: {
  id: string;
  check: LinkCheck;
  isCurrent: boolean;
}) {
  let content = null;
  if (check.status === 'checking') {
    content = (
      <span className="inline-flex items-center gap-1.5 text-muted-foreground">
        <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
        Verificando...
      </span>
    );
  } else if (check.status === 'available') {
    content = (
      <span className="inline-flex items-center gap-1.5 font-medium text-success">
        <Check className="size-4" aria-hidden="true" />
        Disponível
      </span>
    );
  } else if (check.status === 'unavailable') {
    content = (
      <span className="inline-flex items-center gap-1.5 text-destructive">
        <X className="size-4 shrink-0" aria-hidden="true" />
        {check.message}
      </span>
    );
  } else if (isCurrent) {
    content = <span className="text-muted-foreground">Este é o seu link atual.</span>;
  }
  return (
    <p id={id} role="status" aria-live="polite" className="min-h-5 text-sm">
      {content}
    </p>
  );
}

export interface CustomLinkEditorProps {
  currentLink: string;
  /** Subscription access: without it the editor is shown disabled (the server refuses too). */
  hasAccess: boolean;
  place: LinkEditorPlace;
  onSaved?: (customLink: string) => void;
  /** Shows "Cancelar" (Meu Link's edit mode). */
  onCancel?: () => void;
  autoFocus?: boolean;
}

/**
 * The one custom-link editor of Configurações and Meu Link (docs/product.md, Custom link): the
 * input is normalized while typing, availability is checked 500 ms after typing stops, and
 * saving is possible only for an available link that differs from the current one.
 */
export function CustomLinkEditor({
  currentLink,
  hasAccess,
  place,
  onSaved,
  onCancel,
  autoFocus,
}: CustomLinkEditorProps) {
  const id = useId();
  const statusId = `${id}-status`;
  const hintId = `${id}-hint`;
  const form = useForm<CustomLinkUpdate>({
    resolver: zodResolver(customLinkUpdateSchema),
    defaultValues: { customLink: currentLink },
  });
  const value = useWatch({ control: form.control, name: 'customLink' });
  const check = useLinkCheck(value, currentLink, hasAccess);
  const update = useUpdateCustomLink();
  const isChanged = value !== currentLink;
  const canSave = hasAccess && isChanged && check.status === 'available' && !update.isPending;

  // The live check already shows why a link cannot be saved; the button stays off until then.
  async function save(input: CustomLinkUpdate) {
    if (!canSave) return;
    try {
      const profile = await update.mutateAsync(input);
      toast.success('Link personalizado atualizado');
      onSaved?.(profile.customLink);
    } catch (error) {
      toastSaveFailure(place, error);
    }
  }

  return (
    <form
      noValidate
      aria-label="Editar link personalizado"
      className="grid gap-4"
      onSubmit={(event) => void form.handleSubmit(save)(event)}
    >
      <div className="grid gap-2">
        <Label htmlFor={id}>Link personalizado</Label>
        <div
          className={cn(
            'flex h-10 w-full min-w-0 items-stretch overflow-hidden rounded-md border border-input bg-background shadow-xs transition-[color,box-shadow] focus-within:border-ring focus-within:ring-[3px] focus-within:ring-ring/50',
            check.status === 'unavailable' &&
              'border-destructive focus-within:border-destructive focus-within:ring-destructive/20',
            !hasAccess && 'cursor-not-allowed opacity-50',
          )}
        >
          <span
            className="flex shrink-0 items-center border-r bg-muted px-3 font-mono text-sm text-muted-foreground select-none"
            aria-hidden="true"
          >
            /book/
          </span>
          <Controller
            control={form.control}
            name="customLink"
            render={({ field }) => (
              <input
                id={id}
                ref={field.ref}
                name={field.name}
                value={field.value}
                onBlur={field.onBlur}
                onChange={(event) => field.onChange(normalizeCustomLink(event.target.value))}
                disabled={!hasAccess || update.isPending}
                maxLength={CUSTOM_LINK_MAX}
                autoFocus={autoFocus}
                autoCapitalize="none"
                autoComplete="off"
                autoCorrect="off"
                spellCheck={false}
                placeholder="seu-negocio"
                aria-invalid={check.status === 'unavailable'}
                aria-describedby={hasAccess ? `${statusId} ${hintId}` : hintId}
                className="min-w-0 flex-1 bg-transparent px-3 font-mono text-base outline-none placeholder:text-muted-foreground disabled:cursor-not-allowed md:text-sm"
              />
            )}
          />
        </div>
        {hasAccess ? <CheckStatus id={statusId} check={check} isCurrent={!isChanged} /> : null}
        <div id={hintId} className="grid gap-1 text-sm text-muted-foreground">
          <p>Letras minúsculas, números e hífen, de 3 a {CUSTOM_LINK_MAX} caracteres.</p>
          <p>
            Seu link ficará:{' '}
            <span className="font-mono text-foreground [overflow-wrap:anywhere]">
              {getPublicLinkPrefix()}
              <wbr />
              {value || '…'}
            </span>
          </p>
        </div>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        <SubmitButton
          className="w-full sm:w-fit"
          isPending={update.isPending}
          pendingLabel="Salvando..."
          disabled={!canSave}
        >
          Salvar link
        </SubmitButton>
        {onCancel ? (
          <Button
            type="button"
            variant="ghost"
            className="w-full sm:w-fit"
            onClick={onCancel}
            disabled={update.isPending}
          >
            Cancelar
          </Button>
        ) : null}
      </div>
    </form>
  );
}
