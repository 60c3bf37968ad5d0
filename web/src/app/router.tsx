// The route table and the guards that pick a page from the session state.
// AppLayout already shows "Loading..." while the state is unknown, so the
// guards below only ever see a user or undefined.
import { Navigate, Outlet, useRoutes, type RouteObject } from 'react-router-dom';
import { LogInPage } from '../features/auth/log-in-page';
import { useSessionStore } from '../lib/session-store';
import { SignUpPage } from '../features/auth/sign-up-page';
import { CoursePage } from '../features/courses/course-page';
import { DashboardPage } from '../features/dashboard/dashboard-page';
import { LandingPage } from '../features/landing/landing-page';
import { NotFoundPage } from '../features/placeholder/not-found-page';
import { SearchCoursesPage } from '../features/search/search-courses-page';
import { StudyGroupPage } from './routes/study-group-page';
import { AppLayout } from './app-layout';

function useSignedIn(): boolean {
  return useSessionStore((state) => Boolean(state.currentUser));
}

function HomeRoute() {
  return useSignedIn() ? <DashboardPage /> : <LandingPage />;
}

function RequireSignedIn() {
  return useSignedIn() ? <Outlet /> : <Navigate to="/log-in" replace />;
}

function RequireSignedOut() {
  return useSignedIn() ? <Navigate to="/" replace /> : <Outlet />;
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
          { path: '/search-courses', element: <SearchCoursesPage /> },
          { path: '/course/:courseID', element: <CoursePage /> },
          { path: '/study-group/:studyGroupID', element: <StudyGroupPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}
