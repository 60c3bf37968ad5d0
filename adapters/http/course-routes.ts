// Dashboard, course page, catalog search and course membership (spec section 7).
import { CourseId } from '@domain/ids';
import { InvalidGroupsCursorError } from '@domain/study-group/study-group-errors';
import type { UseCases } from '@adapters/use-cases';
import type { ApiRouter, RouteAnswer } from './api-router';
import { API } from '@contract/api';
import { formatCourseGroupsCursor, parseCourseGroupsCursor } from './course-groups-cursor';
import {
  courseMemberToWire,
  courseToWire,
  messageToWire,
  resultPageToWire,
  sectionToWire,
  sectionWithCourseToWire,
  studyGroupToWire,
  upcomingMeetingToWire,
} from './wire';

export function courseRoutes(api: ApiRouter, useCases: UseCases): void {
  api.on(API.dashboard, async ({ userId }) => {
    const view = await useCases.getDashboard.execute(userId);
    return {
      userId: view.userId,
      courses: view.courses.map(courseToWire),
      studyGroups: view.groups.map(studyGroupToWire),
      nextMeetings: view.nextMeetings.map(upcomingMeetingToWire),
    } satisfies RouteAnswer<typeof API.dashboard>;
  });

  api.on(API.coursePage, async ({ userId, params }) => {
    const view = await useCases.getCoursePage.execute(userId, CourseId(params.courseID));
    return {
      course: courseToWire(view.course),
      userID: view.userId,
      isMember: view.isMember,
      courseMessages: view.messages.map(messageToWire),
      courseMembers: view.members.map(courseMemberToWire),
      courseStudyGroups: view.groups.map(studyGroupToWire),
      userStudyGroupIDs: view.memberGroupIds,
      nextStudyGroupsCursor: view.nextGroups && formatCourseGroupsCursor(view.nextGroups),
    } satisfies RouteAnswer<typeof API.coursePage>;
  });

  api.on(
    API.courseStudyGroups,
    async ({ userId, params, query }) => {
      const after = query.after === undefined ? null : parseCourseGroupsCursor(query.after);
      if (query.after !== undefined && !after) throw new InvalidGroupsCursorError();
      const page = await useCases.listCourseGroups.execute({ actingUserId: userId, courseId: CourseId(params.courseID), after });
      return {
        courseID: params.courseID,
        courseStudyGroups: page.groups.map(studyGroupToWire),
        userStudyGroupIDs: page.memberGroupIds,
        nextStudyGroupsCursor: page.next && formatCourseGroupsCursor(page.next),
      } satisfies RouteAnswer<typeof API.courseStudyGroups>;
    },
    // `after` sent twice (or as anything but one string) is a bad cursor like any other.
    { invalidQuery: () => new InvalidGroupsCursorError() },
  );

  api.on(API.catalogStatus, async () => (await useCases.getCatalogStatus.execute()) satisfies RouteAnswer<typeof API.catalogStatus>);

  api.on(API.searchCourses, async ({ userId, query }) => {
    const view = await useCases.getSearchPage.execute({ userId, page: query.page ?? 1 });
    return { ...resultPageToWire(view), userCoursesIDs: view.userCourseIds, terms: view.terms } satisfies RouteAnswer<
      typeof API.searchCourses
    >;
  });

  api.on(API.filterCourses, async ({ userId, body }) => {
    const result = await useCases.searchCourses.execute({ ...body, userId });
    return { ...resultPageToWire(result), user_courses_ids: result.userCourseIds } satisfies RouteAnswer<typeof API.filterCourses>;
  });

  api.on(API.courseSections, async ({ userId, params, query }) => {
    const result = await useCases.listCourseSections.execute({ ...query, userId, courseId: CourseId(params.courseID) });
    return { courseID: result.courseId, sections: result.sections.map(sectionToWire) } satisfies RouteAnswer<typeof API.courseSections>;
  });

  api.on(API.addClasses, async ({ userId, body }) => {
    const result = await useCases.addClasses.execute({ actingUserId: userId, term: body.term, classNumbers: body.classNumbers });
    return {
      term: result.term,
      results: result.results.map((r) => ({
        class_number: r.classNumber,
        result: r.outcome,
        course: r.course ? sectionWithCourseToWire(r.course) : null,
      })),
      user_courses_ids: result.userCourseIds,
    } satisfies RouteAnswer<typeof API.addClasses>;
  });

  api.on(API.joinCourse, async ({ userId, body }) => {
    const result = await useCases.joinCourse.execute({ actingUserId: userId, courseId: CourseId(body.courseID) });
    return { courseID: result.courseId, isMember: result.isMember, course_id: result.course.id } satisfies RouteAnswer<
      typeof API.joinCourse
    >;
  });

  api.on(API.leaveCourse, async ({ userId, body }) => {
    const result = await useCases.leaveCourse.execute({ actingUserId: userId, courseId: CourseId(body.courseID) });
    return {
      courseID: result.courseId,
      isMember: result.isMember,
      course_id: result.course.id,
      in_course: result.inCourse,
    } satisfies RouteAnswer<typeof API.leaveCourse>;
  });
}
