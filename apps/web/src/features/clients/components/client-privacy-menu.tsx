import type { Client } from '@agendaki/shared';
import { Braces, EllipsisVertical, FileSpreadsheet, ShieldX } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { getClientExportHref } from '../api/erase-client';
import { EraseClientDialog } from './erase-client-dialog';

/**
 * The client card's menu of LGPD requests (docs/decisions/012-lgpd.md): "Exportar dados" as
 * JSON or CSV (plain downloads with the session cookie) and "Excluir dados pessoais".
 */
export function ClientPrivacyMenu({ client }: { client: Client }) {
  const [isErasing, setIsErasing] = useState(false);
  return (
    <>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" size="sm" aria-label={`Mais ações para ${client.name}`}>
            <EllipsisVertical aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuLabel>Dados do cliente (LGPD)</DropdownMenuLabel>
          <DropdownMenuItem asChild>
            <a href={getClientExportHref(client.id, 'json')} download>
              <Braces aria-hidden="true" />
              Exportar dados (JSON)
            </a>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <a href={getClientExportHref(client.id, 'csv')} download>
              <FileSpreadsheet aria-hidden="true" />
              Exportar dados (CSV)
            </a>
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem variant="destructive" onSelect={() => setIsErasing(true)}>
            <ShieldX aria-hidden="true" />
            Excluir dados pessoais
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <EraseClientDialog client={client} open={isErasing} onOpenChange={setIsErasing} />
    </>
  );
}

/**
 * The same requests in the client's form (their detail): two downloads and the erasure, which
 * closes the form once done (`onErased`).
 */
export function ClientPrivacySection({
  client,
  onErased,
}: {
  client: Client;
  onErased: () => void;
}) {
  const [isErasing, setIsErasing] = useState(false);
  return (
    <section aria-label="Dados do cliente (LGPD)" className="grid gap-2 border-t pt-4">
      <h3 className="text-sm font-medium">Dados do cliente (LGPD)</h3>
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="outline" size="sm">
          <a href={getClientExportHref(client.id, 'json')} download>
            <Braces aria-hidden="true" />
            Exportar dados (JSON)
          </a>
        </Button>
        <Button asChild variant="outline" size="sm">
          <a href={getClientExportHref(client.id, 'csv')} download>
            <FileSpreadsheet aria-hidden="true" />
            Exportar dados (CSV)
          </a>
        </Button>
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="text-destructive hover:bg-destructive/10 hover:text-destructive"
          onClick={() => setIsErasing(true)}
        >
          <ShieldX aria-hidden="true" />
          Excluir dados pessoais
        </Button>
      </div>
      <EraseClientDialog
        client={client}
        open={isErasing}
        onOpenChange={setIsErasing}
        onErased={onErased}
      />
    </section>
  );
}
