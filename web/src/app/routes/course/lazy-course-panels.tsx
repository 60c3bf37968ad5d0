// A member's course panels (groups, chat, students) as a chunk of their own:
// the dashboard's list and a course's header show before the chat, the
// forms library of the group dialogs and the menus have downloaded (decision 0119).
import { Suspense, type ComponentProps } from 'react';
import { LoadingLine } from '@web/components/loading-line';
import { lazyPage } from '../../lazy-page';

const Panels = lazyPage(() => import('./course-panels').then((m) => m.CoursePanels));
// Fetched as soon as a page that shows them has loaded, beside that page's data calls.
void Panels.preload().catch(() => undefined);

export function CoursePanels(props: ComponentProps<typeof Panels>) {
  return (
    <Suspense fallback={<LoadingLine>Loading course...</LoadingLine>}>
      <Panels {...props} />
    </Suspense>
  );
}
