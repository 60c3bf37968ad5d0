// The group page's Subscribe: the student's calendar subscription address in a dialog.
import { ModalDialog } from '@web/components/modal-dialog';
import { CalendarSubscription } from './calendar-subscription';

export function SubscribeDialog({ onClose }: { onClose: () => void }) {
  return (
    <ModalDialog title="Subscribe in your calendar" onClose={onClose}>
      <CalendarSubscription />
    </ModalDialog>
  );
}
