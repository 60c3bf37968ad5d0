// A meeting's place: a room as text, a link as a link that opens apart from the app.
import { meetingLink } from './meeting-display';

export function MeetingPlace({ location, className }: { location: string; className?: string }) {
  const href = meetingLink(location);
  return (
    <span className={className}>
      @{' '}
      {href ? (
        <a href={href} target="_blank" rel="noopener noreferrer">
          {location}
        </a>
      ) : (
        location
      )}
    </span>
  );
}
