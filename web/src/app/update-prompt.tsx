// Registers the service worker (web/service-worker/sw.ts) once the app runs,
// and, when a new build has been deployed and its worker is waiting, offers
// "Reload to update" over every page: the student picks the moment (a reload
// mid-sentence would cost them their text), and the new worker takes over
// as the page reloads. A running tab looks for a new build every hour as well
// as on each visit.
import { useRegisterSW } from 'virtual:pwa-register/react';
import styles from './update-prompt.module.css';

const CHECK_EVERY_MS = 60 * 60 * 1000;

export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (registration) setInterval(() => void registration.update().catch(() => undefined), CHECK_EVERY_MS);
    },
  });
  if (!needRefresh) return null;
  return (
    <section className={styles.banner} aria-label="Update">
      <div className={styles.inner}>
        <p className={styles.text} role="status">
          A new version of Study Swamp is ready.
        </p>
        <button type="button" className="button button--primary button--small" onClick={() => void updateServiceWorker(true)}>
          Reload to update
        </button>
      </div>
    </section>
  );
}
