// "Notifications", on the profile: which events reach the student by push and
// by mail, groups to mute, quiet hours (campus time) and how often a digest
// mail may come. Saved whole; the server's refusal is shown as it words it.
import { useId, useState } from 'react';
import { NOTIFICATION_CHANNELS, NOTIFICATION_KINDS, type NotificationKind } from '@domain/notifications/notification-preferences';
import { ErrorLine } from '@web/components/error-line';
import { LoadingLine } from '@web/components/loading-line';
import { SelectField } from '@web/components/select-field';
import { TextField } from '@web/components/text-field';
import { messageForStudent } from '@web/lib/api-error';
import { useNotificationSettings, useSaveNotificationSettings, type NotificationChoices, type NotificationSettings } from './api';
import { PushDeviceSettings } from './push-device-control';
import styles from './notifications-section.module.css';

const KIND_LABELS: Record<NotificationKind, string> = {
  mention: 'Someone mentions you',
  reply: 'Someone replies to your message',
  'group-message': 'New messages in your study groups',
  'course-message': 'New messages in your course chats',
  'join-request': 'Someone asks to join a group you own',
  'request-answer': 'Your request to join is answered',
  invite: 'You are invited to a group',
  meeting: 'A meeting is scheduled or changed in your groups',
  'meeting-reminder': 'A reminder 1 hour before a meeting you are going to',
};

const CHANNEL_LABELS = { push: 'Push', mail: 'Mail' } as const;

const DIGEST_OPTIONS = [
  { value: '30', label: 'Every 30 minutes at most' },
  { value: '60', label: 'Every hour at most' },
  { value: '180', label: 'Every 3 hours at most' },
  { value: '1440', label: 'Once a day at most' },
];

export function NotificationsSection() {
  const headingId = useId();
  const settings = useNotificationSettings();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 className={styles.title} id={headingId}>
        Notifications
      </h2>
      <p className={styles.note}>
        Choose what reaches you when Study Swamp is not open. Messages are gathered into one push per chat, and mail comes as a digest.
        Nothing is sent for your own actions.
      </p>
      <PushDeviceSettings />
      {settings.isPending ? (
        <LoadingLine>Loading your notification settings...</LoadingLine>
      ) : settings.isError ? (
        <ErrorLine onRetry={() => void settings.refetch()}>Could not load your notification settings.</ErrorLine>
      ) : (
        <NotificationsForm saved={settings.data} />
      )}
    </section>
  );
}

function NotificationsForm({ saved }: { saved: NotificationSettings }) {
  const [choices, setChoices] = useState<NotificationChoices>(() => ({
    kinds: saved.preferences.kinds,
    mutedGroups: saved.preferences.mutedGroups,
    quietHours: saved.preferences.quietHours,
    digestMinutes: saved.preferences.digestMinutes as NotificationChoices['digestMinutes'],
  }));
  const save = useSaveNotificationSettings();
  const change = (next: Partial<NotificationChoices>) => {
    save.reset();
    setChoices((all) => ({ ...all, ...next }));
  };
  const toggleKind = (kind: NotificationKind, channel: 'push' | 'mail', on: boolean) =>
    change({ kinds: { ...choices.kinds, [kind]: { ...choices.kinds[kind], [channel]: on } } });
  const toggleMute = (groupId: number, muted: boolean) =>
    change({ mutedGroups: muted ? [...choices.mutedGroups, groupId] : choices.mutedGroups.filter((id) => id !== groupId) });
  const quiet = choices.quietHours;

  return (
    <form
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        if (!save.isPending) save.mutate(choices);
      }}
      noValidate
    >
      <ul className={styles.kinds} aria-label="What notifies you">
        {NOTIFICATION_KINDS.map((kind) => (
          <li key={kind}>
            <fieldset className={styles.kind}>
              <legend className={styles.kindLabel}>{KIND_LABELS[kind]}</legend>
              {NOTIFICATION_CHANNELS.map((channel) => (
                <label key={channel} className={styles.check}>
                  <input
                    type="checkbox"
                    checked={choices.kinds[kind][channel]}
                    onChange={(event) => toggleKind(kind, channel, event.target.checked)}
                  />
                  {CHANNEL_LABELS[channel]}
                </label>
              ))}
            </fieldset>
          </li>
        ))}
      </ul>
      <fieldset className={styles.group}>
        <legend className={styles.legend}>Mute a study group</legend>
        {saved.groups.length === 0 ? (
          <p className="panel__muted">You are in no study groups yet.</p>
        ) : (
          saved.groups.map((group) => (
            <label key={group.id} className={styles.check}>
              <input
                type="checkbox"
                checked={choices.mutedGroups.includes(group.id)}
                onChange={(event) => toggleMute(group.id, event.target.checked)}
              />
              Mute {group.name}
            </label>
          ))
        )}
        <p className={styles.hint}>A muted group sends nothing about its messages or meetings; a mention of you still reaches you.</p>
      </fieldset>
      <fieldset className={styles.group}>
        <legend className={styles.legend}>Quiet hours (Gainesville time)</legend>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={quiet !== null}
            onChange={(event) => change({ quietHours: event.target.checked ? { start: '22:00', end: '07:00' } : null })}
          />
          Hold notifications during quiet hours
        </label>
        {quiet ? (
          <div className={styles.hours}>
            <TextField
              label="From"
              type="time"
              step={300}
              value={quiet.start}
              onChange={(e) => change({ quietHours: { ...quiet, start: e.target.value } })}
            />
            <TextField
              label="To"
              type="time"
              step={300}
              value={quiet.end}
              onChange={(e) => change({ quietHours: { ...quiet, end: e.target.value } })}
            />
          </div>
        ) : null}
        <p className={styles.hint}>What happens in quiet hours is gathered and sent when they end.</p>
      </fieldset>
      <SelectField
        label="Digest mail"
        placeholder="How often"
        options={DIGEST_OPTIONS}
        value={String(choices.digestMinutes)}
        onChange={(event) => change({ digestMinutes: Number(event.target.value) as NotificationChoices['digestMinutes'] })}
      />
      {save.error ? (
        <p className="form-error" role="alert">
          {messageForStudent(save.error, 'Your notification settings could not be saved. Please try again.')}
        </p>
      ) : null}
      <div className={styles.actions}>
        <button type="submit" className="button button--primary" aria-disabled={save.isPending}>
          {save.isPending ? <span className="button__spinner" aria-hidden="true" /> : null}
          Save notification settings
        </button>
        <span className={styles.outcome} role="status">
          {save.isSuccess ? 'Saved.' : ''}
        </span>
      </div>
    </form>
  );
}
