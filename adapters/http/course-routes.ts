// Dashboard, course page, catalog search and course membership (spec section 7).
import { Router } from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import type { GetCoursePage } from '../../application/courses/get-course-page';
import type { GetDashboard } from '../../application/courses/get-dashboard';
import type { JoinCourse } from '../../application/courses/join-course';
import type { LeaveCourse } from '../../application/courses/leave-course';
import type { ListTerms } from '../../application/courses/list-terms';
import type { SearchCourses } from '../../application/courses/search-courses';
import type { ListMyStudyGroups } from '../../application/study-groups/list-my-study-groups';
import { ValidationError } from '../../domain/errors';
import { parseBody, textField } from './parse-body';
import { requireUser, sessionUserId } from './session';
import { studyGroupToWire } from './study-group-wire';
import { courseToWire, idSchema, memberToWire, messageToWire } from './wire';

export interface CourseUseCases {
  getDashboard: GetDashboard;
  getCoursePage: GetCoursePage;
  searchCourses: SearchCourses;
  listTerms: ListTerms;
  joinCourse: JoinCourse;
  leaveCourse: LeaveCourse;
  listMyStudyGroups: ListMyStudyGroups;
}

const filterText = textField(200).default('');
const pageSchema = z.coerce.number({ message: 'must be a page number' }).int('must be a whole number').default(1);

const filterBody = z.object({ name: filterText, courseCode: filterText, term: filterText, page: pageSchema });
const membershipBody = z.object({ userID: idSchema.optional(), courseID: idSchema });

export function courseRoutes(useCases: CourseUseCases): Router {
  const router = new Router({ prefix: '/api' });
  router.use(requireUser());
  const me = (ctx: Context) => sessionUserId(ctx)!;

  router.get('/dashboard/', async (ctx) => {
    const [{ userId, courses }, studyGroups] = await Promise.all([
      useCases.getDashboard.execute(me(ctx)),
      useCases.listMyStudyGroups.execute(me(ctx)),
    ]);
    ctx.body = { userId, courses: courses.map(courseToWire), studyGroups: studyGroups.map(studyGroupToWire) };
  });

  router.get('/course/:id/', async (ctx) => {
    const courseId = parseId(ctx.params.id, 'course id');
    const view = await useCases.getCoursePage.execute(me(ctx), courseId);
    ctx.body = {
      course: courseToWire(view.course),
      userID: view.userId,
      isMember: view.isMember,
      courseMessages: view.messages.map(messageToWire),
      courseMembers: view.members.map(memberToWire),
      courseStudyGroups: view.groups.map(studyGroupToWire),
      userStudyGroupIDs: view.memberGroupIds,
    };
  });

  router.get('/search-courses/', async (ctx) => {
    const page = pageSchema.safeParse(ctx.query.page ?? undefined);
    if (!page.success) throw new ValidationError('page: must be a whole number', 'page');
    const [result, terms] = await Promise.all([
      useCases.searchCourses.execute({ userId: me(ctx), page: page.data }),
      useCases.listTerms.execute(),
    ]);
    ctx.body = {
      courses: result.courses.map(courseToWire),
      userCoursesIDs: result.userCourseIds,
      total: result.total,
      page: result.page,
      pageCount: result.pageCount,
      terms,
    };
  });

  router.post('/filter-courses/', async (ctx) => {
    const body = parseBody(filterBody, ctx);
    const result = await useCases.searchCourses.execute({ ...body, userId: me(ctx) });
    ctx.body = {
      courses: result.courses.map(courseToWire),
      user_courses_ids: result.userCourseIds,
      total: result.total,
      page: result.page,
      pageCount: result.pageCount,
    };
  });

  router.post('/insert-course-member/', async (ctx) => {
    const body = parseBody(membershipBody, ctx);
    const result = await useCases.joinCourse.execute({ actingUserId: me(ctx), requestedUserId: body.userID, courseId: body.courseID });
    ctx.body = { courseID: result.courseId, isMember: result.isMember };
  });

  router.post('/delete-course-member/', async (ctx) => {
    const body = parseBody(membershipBody, ctx);
    const result = await useCases.leaveCourse.execute({ actingUserId: me(ctx), requestedUserId: body.userID, courseId: body.courseID });
    ctx.body = { courseID: result.courseId, isMember: result.isMember };
  });

  return router;
}

function parseId(raw: string | undefined, what: string): number {
  const parsed = idSchema.safeParse(raw);
  if (!parsed.success) throw new ValidationError(`The ${what} must be a positive whole number.`, 'id');
  return parsed.data;
}
