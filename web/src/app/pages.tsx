// Every page as a chunk of its own (decision 0119): a visitor's first screen
// downloads the app's frame and that page, never the signed-in app (its query
// client, forms library, menus and chat), which comes with the signed-in
// frame. `preloadPage` fetches a path's code ahead of a click.
import { matchPath } from 'react-router-dom';
import { currentUser } from '@web/lib/session';
import { setPathPreloader } from '@web/lib/preload-path';
import { lazyPage } from './lazy-page';

export const LandingPage = lazyPage(() => import('./routes/landing').then((m) => m.LandingPage));
export const LogInPage = lazyPage(() => import('./routes/log-in').then((m) => m.LogInPage));
export const SignUpPage = lazyPage(() => import('./routes/sign-up').then((m) => m.SignUpPage));
export const ForgotPasswordPage = lazyPage(() => import('./routes/forgot-password').then((m) => m.ForgotPasswordPage));
export const ResetPasswordPage = lazyPage(() => import('./routes/reset-password').then((m) => m.ResetPasswordPage));
export const VerifyEmailPage = lazyPage(() => import('./routes/verify-email').then((m) => m.VerifyEmailPage));
export const NotFoundPage = lazyPage(() => import('./routes/not-found').then((m) => m.NotFoundPage));

// The signed-in app: its frame (query client, user menu, unread marks) and pages.
export const SignedInFrame = lazyPage(() => import('./signed-in-frame').then((m) => m.SignedInFrame));
export const WithQueries = lazyPage(() => import('./query-provider').then((m) => m.QueryProvider));
export const DashboardPage = lazyPage(() => import('./routes/dashboard').then((m) => m.DashboardPage));
export const SearchCoursesPage = lazyPage(() => import('./routes/search-courses').then((m) => m.SearchCoursesPage));
export const CoursePage = lazyPage(() => import('./routes/course').then((m) => m.CoursePage));
export const StudyGroupPage = lazyPage(() => import('./routes/study-group-page').then((m) => m.StudyGroupPage));
export const ProfilePage = lazyPage(() => import('./routes/profile').then((m) => m.ProfilePage));
export const InvitePage = lazyPage(() => import('./routes/invite').then((m) => m.InvitePage));

const PUBLIC: ReadonlyArray<[string, { preload: () => Promise<unknown> }]> = [
  ['/log-in', LogInPage],
  ['/sign-up', SignUpPage],
  ['/forgot-password', ForgotPasswordPage],
  ['/reset-password', ResetPasswordPage],
  ['/verify-email', VerifyEmailPage],
];
const SIGNED_IN: ReadonlyArray<[string, { preload: () => Promise<unknown> }]> = [
  ['/search-courses', SearchCoursesPage],
  ['/course/:courseID', CoursePage],
  ['/study-group/:studyGroupID', StudyGroupPage],
  ['/profile', ProfilePage],
  ['/invite/:token', InvitePage],
];

/** The code a path needs, for a student signed in or not. */
function preloadPage(path: string, signedIn = currentUser() !== undefined): void {
  const pathname = new URL(path, 'http://study-swamp.invalid').pathname;
  const ignore = () => undefined;
  if (signedIn) void SignedInFrame.preload().catch(ignore);
  if (pathname === '/' || pathname === '/dashboard') {
    void (signedIn ? DashboardPage : LandingPage).preload().catch(ignore);
    return;
  }
  for (const [pattern, page] of [...PUBLIC, ...SIGNED_IN]) {
    if (matchPath(pattern, pathname)) {
      void page.preload().catch(ignore);
      return;
    }
  }
}

setPathPreloader(preloadPage);
