// The route table and the guards that pick a page from the session state.
// AppLayout already shows "Loading..." while the state is unknown, so the
// guards below only ever see a student signed in or signed out.
import { Navigate, Outlet, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { LogInPage } from './routes/log-in';
import { useNextPath, withNext } from '@web/lib/next-path';
import { useCurrentUser } from '@web/lib/session';
import { SignUpPage } from './routes/sign-up';
import { CoursePage } from './routes/course';
import { DashboardPage } from './routes/dashboard';
import { LandingPage } from './routes/landing';
import { NotFoundPage } from './routes/not-found';
import { SearchCoursesPage } from './routes/search-courses';
import { StudyGroupPage } from './routes/study-group-page';
import { ForgotPasswordPage } from './routes/forgot-password';
import { ProfilePage } from './routes/profile';
import { ResetPasswordPage } from './routes/reset-password';
import { VerifyEmailPage } from './routes/verify-email';
import { InvitePage } from './routes/invite';
import { AppLayout } from './app-layout';

function useSignedIn(): boolean {
  return useCurrentUser() !== undefined;
}

function HomeRoute() {
  return useSignedIn() ? <DashboardPage /> : <LandingPage />;
}

/** /dashboard is the dashboard too (the spec's is /): the address bar shows /, with the course chosen kept. */
function DashboardAlias() {
  const { search, hash } = useLocation();
  return <Navigate to={`/${search}${hash}`} replace />;
}

/** A visitor is sent to Log In, which keeps the page asked for and leads there afterwards. */
function RequireSignedIn() {
  const { pathname, search, hash } = useLocation();
  return useSignedIn() ? <Outlet /> : <Navigate to={withNext('/log-in', `${pathname}${search}${hash}`)} replace />;
}

/** A signed-in student opening Log In or Create Account goes where that page would have led. */
function RequireSignedOut() {
  const next = useNextPath();
  return useSignedIn() ? <Navigate to={next} replace /> : <Outlet />;
}

const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { path: '/', element: <HomeRoute /> },
      {
        element: <RequireSignedOut />,
        children: [
          { path: '/log-in', element: <LogInPage /> },
          { path: '/sign-up', element: <SignUpPage /> },
        ],
      },
      {
        element: <RequireSignedIn />,
        children: [
          { path: '/dashboard', element: <DashboardAlias /> },
          { path: '/search-courses', element: <SearchCoursesPage /> },
          { path: '/course/:courseID', element: <CoursePage /> },
          { path: '/study-group/:studyGroupID', element: <StudyGroupPage /> },
          { path: '/profile', element: <ProfilePage /> },
        ],
      },
      // The mailed links open in any browser, signed in or not; a forgotten password too.
      { path: '/verify-email', element: <VerifyEmailPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      // A group's invite link: the group for a visitor (who logs in or signs up and comes back), Join for a student.
      { path: '/invite/:token', element: <InvitePage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}
