// The client's e-mail when a horário fixo is made: the dates and the first one's manage link.
import { formatIsoDate, PRODUCT_NAME, withoutLiveLinks } from '@agendaki/shared';
import { isDemoProfessional } from '../../lib/demo';
import { escapeHtml } from '../../lib/mail-templates';
import { getClient } from '../clients/service';
import { enqueueMails } from '../mail/service';
import { findPublicProfileById } from '../profile/service';
import type { SeriesDeps } from './types';

/**
 * Queued in the series' transaction (the outbox, decision 008): a client without e-mail gets
 * none; each occurrence still gets its own reminder with its own link.
 */
export async function mailSeriesToClient(
  deps: SeriesDeps,
  profileId: string,
  series: {
    clientId: string;
    label: string;
    firstBookingId: string | undefined;
    dates: readonly { date: string; startTime: string }[];
  },
): Promise<void> {
  const { db } = deps;
  const [client, profile] = [
    await getClient({ db }, profileId, series.clientId),
    await findPublicProfileById({ db }, profileId),
  ];
  if (!client.email || !profile || !series.firstBookingId) return;
  if (isDemoProfessional(profile.userId)) return;
  const now = deps.clock.now();
  const url = await deps.manageLinkOf(db, profileId, series.firstBookingId, now);
  const business = withoutLiveLinks(profile.businessName);
  const subject = `Seu horário fixo em ${business}`;
  const lines = [
    `Olá, ${withoutLiveLinks(client.name)}!`,
    `Seu horário fixo com ${withoutLiveLinks(profile.professionalName)} está marcado: ${series.label}.`,
    'Próximas datas:',
    ...series.dates.slice(0, 8).map((d) => `• ${formatIsoDate(d.date)} às ${d.startTime}`),
    'Para ver as próximas datas, confirmar, pular uma semana ou cancelar uma data:',
  ];
  const text = [...lines, url, '', `Equipe ${PRODUCT_NAME}`].join('\n');
  const html = `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f5f7;font-family:Arial,Helvetica,sans-serif;color:#111">
<div style="max-width:520px;margin:0 auto;background:#fff;border-radius:8px;padding:32px">
<p style="margin:0 0 24px;font-size:20px;font-weight:bold">${PRODUCT_NAME}</p>
${lines.map((line) => `<p style="margin:0 0 12px;font-size:15px">${escapeHtml(line)}</p>`).join('\n')}
<p style="margin:0 0 12px;font-size:15px"><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>
<p style="margin:24px 0 0;color:#555;font-size:14px">Equipe ${PRODUCT_NAME}</p>
</div></body></html>`;
  await enqueueMails({ db }, [{ to: client.email, subject, html, text }], now, {
    professionalId: profileId,
    clientId: series.clientId,
  });
}
