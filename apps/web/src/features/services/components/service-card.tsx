import { formatCurrencyFromCents, type Service } from '@agendaki/shared';
import { Clock3, Pencil, Scissors, Trash2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { cn } from '@/lib/cn';

export interface ServiceCardProps {
  service: Service;
  onEdit: (service: Service) => void;
  onDelete: (service: Service) => void;
  isDeleting?: boolean;
}

export function ServiceCard({ service, onEdit, onDelete, isDeleting }: ServiceCardProps) {
  return (
    <Card className="w-full gap-0 overflow-hidden py-0">
      <div
        className={cn(
          'relative aspect-[16/9] shrink-0 overflow-hidden bg-muted',
          !service.isActive && 'opacity-60 grayscale',
        )}
      >
        {service.imageUrl ? (
          <img
            src={service.imageUrl}
            alt=""
            loading="lazy"
            className="absolute inset-0 size-full object-cover"
          />
        ) : (
          <div className="absolute inset-0 grid place-items-center bg-gradient-to-br from-teal-50 to-teal-100/70">
            <Scissors className="size-10 text-teal-700/40" aria-hidden="true" />
          </div>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex items-start justify-between gap-3">
          <h2 className="min-w-0 text-base leading-snug font-semibold break-words">
            {service.name}
          </h2>
          <Badge variant={service.isActive ? 'success' : 'secondary'}>
            {service.isActive ? 'Ativo' : 'Inativo'}
          </Badge>
        </div>
        {service.description ? (
          <p className="line-clamp-2 text-sm break-words text-muted-foreground">
            {service.description}
          </p>
        ) : null}
        <div className="mt-auto flex items-center justify-between gap-3 pt-1">
          <span className="text-lg font-semibold" data-testid="service-price">
            {formatCurrencyFromCents(service.priceCents)}
          </span>
          <span className="inline-flex items-center gap-1 text-sm text-muted-foreground">
            <Clock3 className="size-4" aria-hidden="true" />
            {service.durationMinutes} min
          </span>
        </div>
        <div className="flex gap-2 border-t pt-4">
          <Button variant="outline" size="sm" className="flex-1" onClick={() => onEdit(service)}>
            <Pencil aria-hidden="true" />
            Editar
          </Button>
          <ConfirmDialog
            title="Tem certeza que deseja excluir este serviço?"
            description={`"${service.name}" será excluído. Esta ação não pode ser desfeita.`}
            onConfirm={() => onDelete(service)}
            trigger={
              <Button
                variant="outline"
                size="sm"
                className="text-destructive hover:bg-destructive/10 hover:text-destructive"
                aria-label={`Excluir ${service.name}`}
                disabled={isDeleting}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            }
          />
        </div>
      </div>
    </Card>
  );
}
