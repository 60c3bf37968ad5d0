// /profile (from the user menu): the student's own profile, busy times, calendar address, notifications, password and account.
import { AuthPage } from '@web/features/auth/auth-page';
import { ChangePasswordForm } from '@web/features/auth/change-password-form';
import { DeleteAccountSection } from '@web/features/auth/delete-account-section';
import { AccountDetails } from '@web/features/auth/profile-details';
import { ProfileForm } from '@web/features/auth/profile-form';
import { CalendarSection } from '@web/features/study-groups/calendar-section';
import { BusyTimesSection } from '@web/features/study-groups/busy-times-section';
import { NotificationsSection } from '@web/features/notifications/notifications-section';
import { useCurrentUser } from '@web/lib/session';
import { useDocumentTitle } from '@web/lib/use-document-title';

export function ProfilePage() {
  const user = useCurrentUser();
  useDocumentTitle('Your profile');
  // The route guard lets only a signed-in student in.
  if (!user) return null;
  return (
    <AuthPage title="Your profile" subtitle="Your email address and username stay as they are." wide switchLine={null}>
      <AccountDetails user={user} />
      <ProfileForm key={user.id} user={user} />
      <BusyTimesSection />
      <CalendarSection />
      <NotificationsSection />
      <ChangePasswordForm />
      <DeleteAccountSection />
    </AuthPage>
  );
}
