// A section in one line, as the course header and a classmate's profile card
// show it: "Section 1889, Tu/Th 9:35 AM".
import { describe, expect, it } from 'vitest';
import { meetingsSummary, sectionName, sectionSummary, sectionWords } from '@web/features/courses/section-summary';

const meeting = (days: string[], begin: string) => ({ days, begin });
const CLASSROOM = { sect_web: 'PC', mode: 'Primarily Classroom' };

describe('sectionSummary', () => {
  it('names the section and when it starts, UF’s day letters as short day names', () => {
    expect(sectionSummary({ ...CLASSROOM, section: '1889', class_number: 12345, meet_times: [meeting(['T', 'R'], '9:35 AM')] })).toBe(
      'Section 1889, Tu/Th 9:35 AM',
    );
    expect(sectionSummary({ ...CLASSROOM, section: '0001', class_number: 1, meet_times: [meeting(['M', 'W', 'F'], '10:40 AM')] })).toBe(
      'Section 0001, Mo/We/Fr 10:40 AM',
    );
  });

  it('joins several start times, in UF’s order', () => {
    const meetTimes = [meeting(['M', 'W', 'F'], '8:30 AM'), meeting(['R'], '1:55 PM')];
    expect(sectionSummary({ ...CLASSROOM, section: '1889', class_number: 1, meet_times: meetTimes })).toBe(
      'Section 1889, Mo/We/Fr 8:30 AM, Th 1:55 PM',
    );
  });

  it('says briefly that a section without published times has none listed', () => {
    expect(sectionSummary({ section: '1889', class_number: 1, meet_times: [], sect_web: '', mode: '' })).toBe(
      'Section 1889, times not listed',
    );
    expect(sectionSummary({ section: '1889', class_number: 1, meet_times: [], sect_web: 'PC', mode: 'Primarily Classroom' })).toBe(
      'Section 1889, times not listed',
    );
  });

  it('says "Online" for an online section without meetings, when its delivery is known', () => {
    expect(sectionSummary({ section: '7A12', class_number: 1, meet_times: [], sect_web: 'AD', mode: 'Online' })).toBe(
      'Section 7A12, Online',
    );
    expect(sectionSummary({ section: '7A12', class_number: 1, meet_times: [], sect_web: '', mode: 'online' })).toBe('Section 7A12, Online');
  });

  it('goes by the class number when UF gave the section no number', () => {
    expect(sectionSummary({ ...CLASSROOM, section: ' ', class_number: 26564, meet_times: [meeting(['T'], '4:05 PM')] })).toBe(
      'Class 26564, Tu 4:05 PM',
    );
    expect(sectionName({ section: '', class_number: 26564 })).toBe('Class 26564');
    expect(sectionWords({ section: '', class_number: 26564 })).toBe('class 26564');
  });

  it('keeps a section number’s letters as UF writes them, in a sentence too', () => {
    expect(sectionWords({ section: '7A12', class_number: 1 })).toBe('section 7A12');
    expect(sectionName({ section: '7A12', class_number: 1 })).toBe('Section 7A12');
  });
});

describe('meetingsSummary', () => {
  it('puts the days in week order, Thursday as R and Sunday as U', () => {
    expect(meetingsSummary([meeting(['U', 'R', 'M'], '6:00 PM')])).toBe('Mo/Th/Su 6:00 PM');
    expect(meetingsSummary([meeting(['S'], '9:00 AM')])).toBe('Sa 9:00 AM');
  });

  it('merges meetings that start at the same time (two rooms, one lecture time) and their repeated days', () => {
    expect(meetingsSummary([meeting(['T'], '9:35 AM'), meeting(['R'], '9:35 AM'), meeting(['T'], '9:35 AM')])).toBe('Tu/Th 9:35 AM');
  });

  it('keeps what is known of a meeting with days or a time missing, and drops an empty one', () => {
    expect(meetingsSummary([meeting([], '9:35 AM')])).toBe('9:35 AM');
    expect(meetingsSummary([meeting(['W'], '')])).toBe('We');
    expect(meetingsSummary([meeting([], '')])).toBe('');
    expect(meetingsSummary([])).toBe('');
  });
});
