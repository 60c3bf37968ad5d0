// Meeting times as the API sends them (HH:MM:SS, campus wall clock) and as the
// product shows them: HH:MM in the group modal, 12-hour on the group page.

function parts(time: string): [number, number] | null {
  const match = /^(\d{1,2}):(\d{2})/.exec(time.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  return hours < 24 && minutes < 60 ? [hours, minutes] : null;
}

/** "18:30:00" -> "18:30". Anything unreadable is shown as it came. */
export function formatTime24(time: string): string {
  const hm = parts(time);
  return hm ? `${String(hm[0]).padStart(2, '0')}:${String(hm[1]).padStart(2, '0')}` : time;
}

/** "18:30:00" -> "6:30 PM", "00:05:00" -> "12:05 AM", "12:00:00" -> "12:00 PM". */
export function formatTime12(time: string): string {
  const hm = parts(time);
  if (!hm) return time;
  const [hours, minutes] = hm;
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}
