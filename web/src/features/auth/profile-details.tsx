// The profile page's fixed part: email and username cannot change here.
import type { User } from '@contract/auth';
import styles from './profile-page.module.css';

export function AccountDetails({ user }: { user: User }) {
  return (
    <dl className={`profile-details__list ${styles.details}`}>
      <div>
        <dt>Email</dt>
        <dd>
          {user.email}
          {user.emailVerified ? null : <span className={styles.pending}>Not verified yet</span>}
        </dd>
      </div>
      <div>
        <dt>Username</dt>
        <dd>{user.username}</dd>
      </div>
    </dl>
  );
}
