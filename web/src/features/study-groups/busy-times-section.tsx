// "When you're busy", on the profile: the weekly stretches Find a time counts
// the student busy for (beside their classes and their groups' meetings) and
// the hours they would rather meet in. Saved whole; the server's refusal
// (a stretch backwards, hours too close) is shown as it words it.
import { useId, useRef, useState } from 'react';
import { WEEKDAYS } from '@domain/study-group/meeting-rules';
import { ErrorLine } from '@web/components/error-line';
import { LoadingLine } from '@web/components/loading-line';
import { SelectField } from '@web/components/select-field';
import { TextField } from '@web/components/text-field';
import { messageForStudent } from '@web/lib/api-error';
import { useBusyTimes, useSaveBusyTimes, type BusyTimesAnswer } from './find-a-time-api';
import styles from './busy-times-section.module.css';

const DAY_OPTIONS = WEEKDAYS.map((day, index) => ({ value: String(index), label: day }));

interface Row {
  key: number;
  day: string;
  start: string;
  end: string;
}

export function BusyTimesSection() {
  const headingId = useId();
  const busy = useBusyTimes();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 className={styles.title} id={headingId}>
        When you&rsquo;re busy
      </h2>
      <p className={styles.note}>
        Find a time avoids these each week, beside your classes and your groups&rsquo; meetings. Other members only see that you are busy,
        never why.
      </p>
      {busy.isPending ? (
        <LoadingLine>Loading your busy times...</LoadingLine>
      ) : busy.isError ? (
        <ErrorLine onRetry={() => void busy.refetch()}>Could not load your busy times.</ErrorLine>
      ) : (
        <BusyTimesForm saved={busy.data} />
      )}
    </section>
  );
}

function BusyTimesForm({ saved }: { saved: BusyTimesAnswer }) {
  const nextKey = useRef(saved.busy.length);
  const [rows, setRows] = useState<Row[]>(() => saved.busy.map((b, key) => ({ key, day: String(b.day), start: b.start, end: b.end })));
  const [preferredStart, setPreferredStart] = useState(saved.preferredStart);
  const [preferredEnd, setPreferredEnd] = useState(saved.preferredEnd);
  const save = useSaveBusyTimes();
  const addRef = useRef<HTMLButtonElement>(null);

  const change = (key: number, field: 'day' | 'start' | 'end', value: string) => {
    save.reset();
    setRows((all) => all.map((row) => (row.key === key ? { ...row, [field]: value } : row)));
  };
  const add = () => {
    save.reset();
    nextKey.current += 1;
    setRows((all) => [...all, { key: nextKey.current, day: '1', start: '09:00', end: '10:00' }]);
  };
  const remove = (key: number) => {
    save.reset();
    setRows((all) => all.filter((row) => row.key !== key));
    // The row and its button go: focus stays in the form.
    addRef.current?.focus();
  };
  const submit = () => {
    if (save.isPending) return;
    save.mutate({
      busy: rows.map((row) => ({ day: Number(row.day), start: row.start, end: row.end })),
      preferredStart,
      preferredEnd,
    });
  };

  return (
    <form
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      noValidate
    >
      {rows.length === 0 ? <p className="panel__muted">No busy times yet.</p> : null}
      <ul className={styles.list} aria-label="Weekly busy times">
        {rows.map((row, index) => (
          <li key={row.key} className={styles.row}>
            <SelectField
              label={`Busy time ${index + 1}: day`}
              placeholder="Day"
              options={DAY_OPTIONS}
              value={row.day}
              onChange={(event) => change(row.key, 'day', event.target.value)}
            />
            <TextField
              label="From"
              type="time"
              step={300}
              value={row.start}
              onChange={(event) => change(row.key, 'start', event.target.value)}
            />
            <TextField label="To" type="time" step={300} value={row.end} onChange={(event) => change(row.key, 'end', event.target.value)} />
            <button
              type="button"
              className="button button--outline button--small"
              aria-label={`Remove busy time ${index + 1}`}
              onClick={() => remove(row.key)}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      <div>
        <button ref={addRef} type="button" className="button button--outline button--small" onClick={add}>
          Add a busy time
        </button>
      </div>
      <fieldset className={styles.hours}>
        <legend className={styles.legend}>Hours you would rather meet in</legend>
        <TextField
          label="From"
          type="time"
          step={300}
          value={preferredStart}
          onChange={(event) => {
            save.reset();
            setPreferredStart(event.target.value);
          }}
        />
        <TextField
          label="To"
          type="time"
          step={300}
          value={preferredEnd}
          onChange={(event) => {
            save.reset();
            setPreferredEnd(event.target.value);
          }}
        />
      </fieldset>
      {save.error ? (
        <p className="form-error" role="alert">
          {messageForStudent(save.error, 'Your busy times could not be saved. Please try again.')}
        </p>
      ) : null}
      <div className={styles.actions}>
        <button type="submit" className="button button--primary" aria-disabled={save.isPending}>
          {save.isPending ? <span className="button__spinner" aria-hidden="true" /> : null}
          Save busy times
        </button>
        <span className={styles.outcome} role="status">
          {save.isSuccess ? 'Saved.' : ''}
        </span>
      </div>
    </form>
  );
}
