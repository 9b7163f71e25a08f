import type { Service } from '@agendaki/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { MoneyFormField } from '@/components/ui/money-form-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { toastFirstValidationError } from '@/lib/validation-toast';
import { useSaveService } from '../api/save-service';
import { useRemoveServiceImage, useUploadServiceImage } from '../api/service-image';
import {
  parseDurationInput,
  serviceFormSchema,
  toServiceFormValues,
  type ServiceFormOutput,
  type ServiceFormValues,
} from '../lib/service-form-schema';
import { ServiceImageField, type ImageChoice } from './service-image-field';

const reportInvalid = toastFirstValidationError<ServiceFormValues>([
  'name',
  'description',
  'price',
  'durationMinutes',
  'bufferMinutes',
]);

type BusyState = 'saving' | 'uploading' | null;

export interface ServiceFormProps {
  /** The service to edit; a new one when absent. */
  service?: Service;
  /** Saved (and its image sent): back to the list. */
  onDone: () => void;
  /** Saved, but the image was refused: stay on the form, now editing the saved service. */
  onSavedWithoutImage: (service: Service) => void;
  onCancel: () => void;
}

function showUploadError(error: unknown) {
  // The server's image checks answer the same title and detail as the form's own checks.
  const detail = isApiError(error) ? error.details?.description : undefined;
  if (typeof detail === 'string') {
    toast.error(error instanceof Error ? error.message : 'Erro ao fazer upload da imagem', {
      description: detail,
    });
    return;
  }
  toast.error('Erro ao fazer upload da imagem', {
    description: isApiError(error) ? error.message : 'Erro desconhecido',
  });
}

export function ServiceForm({ service, onDone, onSavedWithoutImage, onCancel }: ServiceFormProps) {
  const isEditing = Boolean(service);
  const [image, setImage] = useState<ImageChoice>({ kind: 'keep' });
  const [busy, setBusy] = useState<BusyState>(null);
  const saveService = useSaveService();
  const uploadImage = useUploadServiceImage();
  const removeImage = useRemoveServiceImage();
  const {
    register,
    control,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useForm<ServiceFormValues, unknown, ServiceFormOutput>({
    resolver: zodResolver(serviceFormSchema),
    defaultValues: toServiceFormValues(service),
  });

  async function submit(values: ServiceFormOutput) {
    setBusy('saving');
    let saved: Service;
    try {
      saved = await saveService.mutateAsync({ id: service?.id, input: values });
    } catch (error) {
      toast.error('Erro ao salvar serviço', { description: getErrorMessage(error) });
      setBusy(null);
      return;
    }
    const successMessage = isEditing
      ? 'Serviço atualizado com sucesso!'
      : 'Serviço criado com sucesso!';
    try {
      if (image.kind === 'new') {
        setBusy('uploading');
        await uploadImage.mutateAsync({ id: saved.id, file: image.file });
      } else if (image.kind === 'remove' && saved.imageUrl) {
        await removeImage.mutateAsync(saved.id);
      }
    } catch (error) {
      toast.success(successMessage);
      showUploadError(error);
      setBusy(null);
      onSavedWithoutImage(saved);
      return;
    }
    toast.success(successMessage);
    setBusy(null);
    onDone();
  }

  const isBusy = busy !== null;
  const submitLabel = isEditing ? 'Salvar Alterações' : 'Criar Serviço';

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-xl">{isEditing ? 'Editar Serviço' : 'Novo Serviço'}</CardTitle>
        <CardDescription>
          {isEditing
            ? 'Altere os dados do serviço e salve.'
            : 'Preencha os dados do serviço que você oferece.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          aria-label={isEditing ? 'Editar serviço' : 'Novo serviço'}
          className="space-y-6"
          onSubmit={(event) => void handleSubmit(submit, reportInvalid)(event)}
        >
          <ServiceImageField
            currentUrl={service?.imageUrl ?? null}
            choice={image}
            onChange={setImage}
            disabled={isBusy}
          />

          <FormField label="Nome do serviço" error={errors.name?.message}>
            {(control) => (
              <Input
                {...control}
                placeholder="Ex.: Corte de cabelo"
                autoComplete="off"
                {...register('name')}
              />
            )}
          </FormField>

          <FormField label="Descrição" error={errors.description?.message}>
            {(control) => (
              <Textarea
                {...control}
                rows={3}
                placeholder="Conte ao cliente o que está incluído (opcional)"
                {...register('description')}
              />
            )}
          </FormField>

          <div className="grid gap-6 sm:grid-cols-2">
            <MoneyFormField label="Preço (R$)" name="price" control={control} />
            <FormField label="Duração (minutos)" error={errors.durationMinutes?.message}>
              {(control) => (
                <Input
                  {...control}
                  type="number"
                  inputMode="numeric"
                  step="1"
                  min="1"
                  {...register('durationMinutes', {
                    // Bad input becomes 60.
                    onBlur: (event: { target: HTMLInputElement }) =>
                      setValue('durationMinutes', String(parseDurationInput(event.target.value))),
                  })}
                />
              )}
            </FormField>
            <FormField
              label="Intervalo após (minutos)"
              error={errors.bufferMinutes?.message}
              description="Tempo livre depois do serviço (limpeza, preparo). O cliente não vê."
            >
              {(control) => (
                <Input
                  {...control}
                  type="number"
                  inputMode="numeric"
                  step="1"
                  min="0"
                  max="120"
                  {...register('bufferMinutes')}
                />
              )}
            </FormField>
          </div>

          <Controller
            control={control}
            name="isActive"
            render={({ field }) => (
              <div className="flex items-start justify-between gap-4 rounded-lg border p-4">
                <div className="space-y-1">
                  <Label htmlFor="service-active">Serviço ativo</Label>
                  <p id="service-active-hint" className="text-sm text-muted-foreground">
                    Serviços inativos não aparecem na sua página de agendamento.
                  </p>
                </div>
                <Switch
                  id="service-active"
                  checked={field.value}
                  onCheckedChange={field.onChange}
                  onBlur={field.onBlur}
                  aria-describedby="service-active-hint"
                />
              </div>
            )}
          />

          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={onCancel} disabled={isBusy}>
              Cancelar
            </Button>
            <SubmitButton
              isPending={isBusy}
              pendingLabel={busy === 'uploading' ? 'Fazendo upload...' : 'Salvando...'}
            >
              {submitLabel}
            </SubmitButton>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
