import { paths } from '@/config/paths';

/** The address clients open: this site's origin plus /book/<link> (docs/product.md section 2). */
export function getPublicLinkUrl(customLink: string): string {
  return `${window.location.origin}${paths.book.getHref(customLink)}`;
}

/** What the link editors show before the link itself: "https://agendaki.com.br/book/". */
export function getPublicLinkPrefix(): string {
  return `${window.location.origin}${paths.book.getHref('')}`;
}
