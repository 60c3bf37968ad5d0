// / for a visitor: the night-swamp picture, the title, the tagline, which catalog it holds and the team.
import { SwampScene } from '@web/components/swamp-scene';
import { CatalogStatus } from '@web/features/courses/catalog-status';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { CREATORS } from '../config';
import styles from './landing.module.css';

export function LandingPage() {
  useDocumentTitle('');
  return (
    <div className={styles.landing}>
      <SwampScene />
      <div className={styles.content}>
        <h1 className={styles.title}>Study Swamp</h1>
        <p className={styles.tagline}>A centralized location for finding study groups and connecting with other students on campus.</p>
        <CatalogStatus />
        <section className={styles.creators} aria-labelledby="creators-heading">
          <h2 className={styles.creatorsTitle} id="creators-heading">
            Created By
          </h2>
          <ul className={styles.creatorsList}>
            {CREATORS.map(({ firstName, lastName }) => (
              <li key={`${firstName} ${lastName}`}>
                {firstName} {lastName.charAt(0)}.
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}
