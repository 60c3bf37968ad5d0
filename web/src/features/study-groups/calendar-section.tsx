// "Your calendar", on the profile: the calendar subscription address, as the group page's Subscribe shows it.
import { useId } from 'react';
import { CalendarSubscription } from './calendar-subscription';
import styles from './calendar-subscription.module.css';

export function CalendarSection() {
  const headingId = useId();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 className={styles.title} id={headingId}>
        Your calendar
      </h2>
      <CalendarSubscription />
    </section>
  );
}
