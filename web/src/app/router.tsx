// The route table and the guards that pick a page from the session state.
// Every page is a chunk of its own (pages.tsx); a signed-in student's pages
// render inside the signed-in frame, which holds the query client.
// AppLayout already shows "Loading..." while the state is unknown, so the
// guards below only ever see a student signed in or signed out.
import { Navigate, Outlet, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { useNextPath, withNext } from '@web/lib/next-path';
import { useCurrentUser } from '@web/lib/session';
import { AppLayout } from './app-layout';
import {
  CoursePage,
  DashboardPage,
  ForgotPasswordPage,
  InvitePage,
  LandingPage,
  LogInPage,
  NotFoundPage,
  ProfilePage,
  ResetPasswordPage,
  SearchCoursesPage,
  SignUpPage,
  StudyGroupPage,
  VerifyEmailPage,
  WithQueries,
} from './pages';

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
      {
        path: '/invite/:token',
        element: (
          // A visitor's invite page reads the group through the query client too.
          <WithQueries>
            <InvitePage />
          </WithQueries>
        ),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}
