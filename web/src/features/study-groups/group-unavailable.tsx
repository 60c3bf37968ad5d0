// What a student outside the group (or a member removed while the page was
// open) sees instead of its page, with the way back to their dashboard.
import { Link } from 'react-router-dom';

const UNAVAILABLE = {
  'not-member': {
    title: 'You are not a member of this group',
    text: 'Only members can see a study group’s page. You can join a public group from its course page.',
  },
  removed: {
    title: 'You are no longer a member of this group',
    text: 'You were removed from this group, or left it or its course in another tab. Its page and chat are for members only.',
  },
  'not-found': {
    title: 'Study group not found',
    text: 'There is no study group at this address. It may have been deleted when its last member left.',
  },
} as const;

export type UnavailableReason = keyof typeof UNAVAILABLE;

export function GroupUnavailable({ reason }: { reason: UnavailableReason }) {
  return (
    <div className="page page--narrow">
      <div className="notice" role={reason === 'removed' ? 'alert' : undefined}>
        <h1 className="notice__title">{UNAVAILABLE[reason].title}</h1>
        <p className="notice__text">{UNAVAILABLE[reason].text}</p>
        <Link to="/" className="button button--primary">
          Back to your dashboard
        </Link>
      </div>
    </div>
  );
}
