import { PageHeader } from '@/components/layouts/page-header';

export function MyLinkRoute() {
  return <PageHeader title="Meu Link" />;
}
