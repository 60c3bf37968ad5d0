// /invite/{token}: what a group's invite link opens, for visitors too.
import { useParams } from 'react-router-dom';
import { InviteView } from '@web/features/study-groups/invite-view';

export function InvitePage() {
  const { token = '' } = useParams();
  // Keyed by the link, so another link starts afresh (its own title focus and join).
  return <InviteView key={token} token={token} />;
}
