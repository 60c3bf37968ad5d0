// /profile (from the user menu): the student's own profile, password and account.
import { AuthPage } from '../../features/auth/auth-page';
import { ChangePasswordForm } from '../../features/auth/change-password-form';
import { DeleteAccountSection } from '../../features/auth/delete-account-section';
import { AccountDetails } from '../../features/auth/profile-details';
import { ProfileForm } from '../../features/auth/profile-form';
import { useSessionStore } from '../../lib/session-store';
import { useDocumentTitle } from '../../lib/use-document-title';

export function ProfilePage() {
  const user = useSessionStore((state) => state.currentUser);
  useDocumentTitle('Your profile');
  // The route guard lets only a signed-in student in.
  if (!user) return null;
  return (
    <AuthPage title="Your profile" subtitle="Your email address and username stay as they are." wide switchLine={null}>
      <AccountDetails user={user} />
      <ProfileForm key={user.id} user={user} />
      <ChangePasswordForm />
      <DeleteAccountSection />
    </AuthPage>
  );
}
