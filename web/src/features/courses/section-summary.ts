// A section in one short line, as a course's header and a classmate's profile
// card name it: "Section 1889, Tu/Th 9:35 AM" (its number, then when it starts
// meeting each week), "Section 1889, Online", or "Section 1889, times not listed".
import type { CourseSection } from '@contract/courses';
import { describeMeetings } from '@domain/course/meet-times';

type SectionNames = Pick<CourseSection, 'section' | 'class_number'>;
type Meeting = Pick<CourseSection['meet_times'][number], 'days' | 'begin'>;
/** With its delivery, so that an online section reads "Online" rather than "times not listed" (the student's own and a classmate's alike). */
type SummarizedSection = SectionNames & { meet_times: Meeting[] } & Pick<CourseSection, 'sect_web' | 'mode'>;

/** UF's day letters, in week order, with the short names a student reads (R is Thursday, U Sunday). */
const DAYS: [letter: string, name: string][] = [
  ['M', 'Mo'],
  ['T', 'Tu'],
  ['W', 'We'],
  ['R', 'Th'],
  ['F', 'Fr'],
  ['S', 'Sa'],
  ['U', 'Su'],
];

const TIMES_NOT_LISTED = 'times not listed';

/** "section 1889", inside a sentence or a button's name; a section UF gave no number goes by its class number ("class 12345"). */
export function sectionWords(section: SectionNames): string {
  const number = section.section.trim();
  return number ? `section ${number}` : `class ${section.class_number}`;
}

/** "Section 1889" ("Class 12345"), starting a line. */
export function sectionName(section: SectionNames): string {
  const words = sectionWords(section);
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * "Tu/Th 9:35 AM", one part per start time, in the order UF lists them, each
 * with every day that starts then ("Mo/We/Fr 8:30 AM, Tu 1:55 PM"): a section
 * meeting in two rooms at the same hour reads as one part. '' when UF gave none.
 */
export function meetingsSummary(meetTimes: Meeting[]): string {
  const daysByStart = new Map<string, Set<string>>();
  for (const meeting of meetTimes) {
    const begin = meeting.begin.trim();
    const days = daysByStart.get(begin) ?? new Set<string>();
    for (const day of meeting.days) days.add(day.trim().toUpperCase());
    daysByStart.set(begin, days);
  }
  return [...daysByStart]
    .map(([begin, days]) => {
      const names = DAYS.filter(([letter]) => days.has(letter)).map(([, name]) => name);
      return [names.join('/'), begin].filter(Boolean).join(' ');
    })
    .filter(Boolean)
    .join(', ');
}

/** "Section 1889, Tu/Th 9:35 AM", "Section 1889, Online" or "Section 1889, times not listed". */
export function sectionSummary(section: SummarizedSection): string {
  const times = meetingsSummary(section.meet_times);
  if (times) return `${sectionName(section)}, ${times}`;
  const online = describeMeetings({ sectWeb: section.sect_web, mode: section.mode, meetTimes: [] }).length > 0;
  return `${sectionName(section)}, ${online ? 'Online' : TIMES_NOT_LISTED}`;
}
