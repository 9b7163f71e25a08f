import {
  PRODUCT_NAME,
  PUBLIC_DATA_ELEMENT_ID,
  type PublicProfessionalResponse,
} from '@agendaki/shared';
import { toScriptJson } from '../../lib/script-json';
import { escapeHtml } from '../../lib/mail-templates';

/**
 * A shared booking link (/book/:link, /profissional/:identifier) as HTML that previews well in
 * WhatsApp, Instagram and search results: the business in the title, description and Open
 * Graph tags, and the page's first data embedded so it renders without a second round trip.
 */

const DESCRIPTION_MAX = 200;

function absoluteUrl(url: string, publicUrl: string): string {
  return /^https?:\/\//i.test(url) ? url : `${publicUrl}${url.startsWith('/') ? '' : '/'}${url}`;
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

export function describeProfessional(data: PublicProfessionalResponse): string {
  const { professionalName, businessName, bio } = data.profile;
  const base =
    professionalName === businessName
      ? `Agende seu horário online com ${professionalName}.`
      : `Agende seu horário online com ${professionalName}, de ${businessName}.`;
  return truncate(bio ? `${base} ${bio.replace(/\s+/g, ' ').trim()}` : base, DESCRIPTION_MAX);
}

function shareImage(data: PublicProfessionalResponse): string | null {
  return data.profile.avatarUrl ?? data.services.find((s) => s.imageUrl)?.imageUrl ?? null;
}

function meta(attribute: 'name' | 'property', key: string, content: string): string {
  return `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
}

/**
 * The page's HTML (book.html) with the professional's title, description, Open Graph tags and
 * data; unchanged when there is no professional to show (the page then says "Profissional não
 * encontrado").
 */
export function renderSharedLinkPage(
  pageHtml: string,
  data: PublicProfessionalResponse | undefined,
  publicUrl: string,
): string {
  if (!data) return pageHtml;
  const title = `${data.profile.businessName} · Agende online`;
  const description = describeProfessional(data);
  const image = shareImage(data);
  const tags = [
    meta('name', 'description', description),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', PRODUCT_NAME),
    meta('property', 'og:locale', 'pt_BR'),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', `${publicUrl}/book/${encodeURIComponent(data.profile.customLink)}`),
    ...(image ? [meta('property', 'og:image', absoluteUrl(image, publicUrl))] : []),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    `<script id="${PUBLIC_DATA_ELEMENT_ID}" type="application/json">${toScriptJson(data)}</script>`,
  ];
  const withoutOld = pageHtml
    .replace(/<title>[\s\S]*?<\/title>/i, '')
    .replace(/<meta\s+name="description"[^>]*>/i, '');
  const head = `<title>${escapeHtml(title)}</title>\n    ${tags.join('\n    ')}\n  `;
  // A function replacement: "$&" or "$'" in a business name must stay literal text.
  return withoutOld.replace(/<\/head>/i, () => `${head}</head>`);
}
