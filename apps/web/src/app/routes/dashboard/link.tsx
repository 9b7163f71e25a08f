import { PageHeader } from '@/components/layouts/page-header';
import { MyLinkPage } from '@/features/link/components/my-link-page';

export function MyLinkRoute() {
  return (
    <>
      <PageHeader title="Meu Link" description="Seu endereço de agendamento online" />
      <MyLinkPage />
    </>
  );
}
