import { useParams } from 'react-router';
import { CenteredLayout } from '@/components/layouts/centered-layout';
import { PageHeader } from '@/components/layouts/page-header';

/** /book/:customLink and /profissional/:identifier are the same screen (SPEC.md section 2). */
export function PublicBookingRoute() {
  const { customLink, identifier } = useParams();
  const link = customLink ?? identifier ?? '';
  return (
    <CenteredLayout>
      <div className="w-full max-w-2xl space-y-2">
        <PageHeader title="Agendamento online" />
        <p className="text-muted-foreground">
          Link: <span className="font-medium text-foreground">{link}</span>
        </p>
      </div>
    </CenteredLayout>
  );
}
