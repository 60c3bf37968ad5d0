// Every API call in one table: method, path, inputs and answer schema. The
// server registers its routes from it and checks its answers against it, the
// client builds its requests and validates answers with it, and the OpenAPI
// document (GET /api/openapi.json) is generated from it.
// The table is assembled here from each feature's routes (contract/*-routes.ts).
import { ACCOUNT_ROUTES } from './account-routes';
import { AUTH_ROUTES } from './auth-routes';
import { CALENDAR_ROUTES } from './calendar-routes';
import { CHAT_ROUTES } from './chat-routes';
import { COURSE_ROUTES } from './course-routes';
import { STUDY_GROUP_ROUTES } from './study-group-routes';
import { NOTIFICATION_ROUTES } from './notification-routes';
import { PUSH_ROUTES } from './push-routes';

export { pathOf, routerPath, type AnswerOf, type ApiRoute, type BodyOf, type PathParams } from './route';

export const API = {
  ...AUTH_ROUTES,
  ...ACCOUNT_ROUTES,
  ...COURSE_ROUTES,
  ...CHAT_ROUTES,
  ...STUDY_GROUP_ROUTES,
  ...CALENDAR_ROUTES,
  ...NOTIFICATION_ROUTES,
  ...PUSH_ROUTES,
} as const;
