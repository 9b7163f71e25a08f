import { lazyDialog } from '@/lib/lazy-dialog';

// The Agenda's dialogs, each downloaded when it first opens (lib/lazy-dialog.tsx).
export const AppointmentFormDialog = lazyDialog(
  async () => (await import('./appointment-form-dialog')).AppointmentFormDialog,
  (props) => props.open,
);
export const SeriesFormDialog = lazyDialog(
  async () => (await import('./series-form-dialog')).SeriesFormDialog,
  (props) => props.open,
);
export const SeriesDialog = lazyDialog(
  async () => (await import('./series-dialog')).SeriesDialog,
  (props) => props.appointment !== null,
);
export const BlocksPanel = lazyDialog(
  async () => (await import('./blocks-panel')).BlocksPanel,
  (props) => props.open,
);
