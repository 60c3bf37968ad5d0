import { CREATORS } from '../../app/config';
import { SwampScene } from '../../components/swamp-scene';
import { useDocumentTitle } from '../../lib/use-document-title';

export function LandingPage() {
  useDocumentTitle('');
  return (
    <div className="landing">
      <SwampScene />
      <div className="landing__content">
        <h1 className="landing__title">Study Swamp</h1>
        <p className="landing__tagline">
          A centralized location for finding study groups and connecting with other students on campus.
        </p>
        <section className="landing__creators" aria-labelledby="creators-heading">
          <h2 className="landing__creators-title" id="creators-heading">
            Created By
          </h2>
          <ul className="landing__creators-list">
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
