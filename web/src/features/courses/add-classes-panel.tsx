// "Add my classes": a student pastes or types class numbers (commas or spaces
// between them), picks the term, and joins all those sections at once; each
// number then says what happened (joined, already a member, not found).
import { useId, useState, type FormEvent } from 'react';
import { MAX_CLASS_NUMBERS, parseClassNumbers } from '@domain/course/class-numbers';
import { SelectField } from '@web/components/select-field';
import { messageForStudent } from '@web/lib/api-error';
import { TextField } from '@web/components/text-field';
import { useAddClasses, type AddClassesAnswer } from './api';
import styles from './add-classes-panel.module.css';

interface AddClassesPanelProps {
  /** The terms to offer, newest first. */
  terms: string[];
  /** The term chosen until the student picks one (the search's term, else the newest). */
  defaultTerm: string;
}

function outcomeText(result: AddClassesAnswer['results'][number], term: string): string {
  const what = result.course ? `${result.course.course_number} ${result.course.name}` : '';
  if (result.result === 'joined') return `Joined ${what}`;
  if (result.result === 'already-member') return `Already in ${what}`;
  return `Not found in ${term}`;
}

export function AddClassesPanel({ terms, defaultTerm }: AddClassesPanelProps) {
  const headingId = useId();
  const [chosenTerm, setChosenTerm] = useState('');
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<string[]>([]);
  const add = useAddClasses();
  const term = chosenTerm || defaultTerm;

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseClassNumbers(text);
    setInvalid(parsed.invalid);
    add.reset();
    if (parsed.numbers.length === 0) return setProblem('Enter the class numbers of your sections, e.g. 12345, 23456.');
    if (parsed.numbers.length > MAX_CLASS_NUMBERS) return setProblem(`Enter at most ${MAX_CLASS_NUMBERS} class numbers at a time.`);
    if (!term) return setProblem('Choose the term of your classes.');
    setProblem(null);
    add.mutate({ term, classNumbers: parsed.numbers });
  }

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h2 className={styles.title} id={headingId}>
        Add my classes
      </h2>
      <p className="muted">Type or paste the class numbers from your schedule to join all those sections at once.</p>
      <form className={styles.form} onSubmit={submit} aria-labelledby={headingId} noValidate>
        <SelectField
          id="add-classes-term"
          label="Term"
          placeholder="Select Term"
          options={terms.map((t) => ({ value: t, label: t }))}
          value={term}
          onChange={(event) => setChosenTerm(event.target.value)}
        />
        <TextField
          id="add-classes-numbers"
          label="Class numbers"
          hint="Commas or spaces between them"
          inputMode="numeric"
          autoComplete="off"
          placeholder="e.g. 12345, 23456"
          value={text}
          error={problem ?? undefined}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className={`button button--primary ${styles.submit}`} aria-busy={add.isPending} disabled={add.isPending}>
          {add.isPending ? <span className="button__spinner" aria-hidden="true" /> : null}
          Add classes
        </button>
      </form>
      <div aria-live="polite">
        {add.isError ? (
          <p className="form-error" role="alert">
            {messageForStudent(add.error, 'Could not add your classes. Please try again.')}
          </p>
        ) : null}
        {add.data ? (
          <ul className={styles.results} aria-label="Added classes">
            {add.data.results.map((result) => (
              <li key={result.class_number} className={styles[result.result]}>
                <span className={styles.number}>#{result.class_number}</span> {outcomeText(result, add.data.term)}
              </li>
            ))}
            {invalid.map((piece) => (
              <li key={`invalid-${piece}`} className={styles['not-found']}>
                <span className={styles.number}>{piece}</span> Not a class number
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}
