import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A guest's first step (issue 22): a name and a way to be reached, so staff can answer an offline message. */
export function GuestForm({
  onStart,
  error,
}: {
  onStart: (input: { name: string; contact: string }) => void;
  error: string | null;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [contact, setContact] = useState('');
  const ready = name.trim().length > 0 && contact.trim().length >= 3;
  return (
    <form
      className="form chat__guest"
      onSubmit={(event) => {
        event.preventDefault();
        if (ready) onStart({ name: name.trim(), contact: contact.trim() });
      }}
    >
      <p>{t('service.chat.guestIntro')}</p>
      <div className="field">
        <label className="field__label" htmlFor="guest-name">
          {t('service.chat.name')}
        </label>
        <input
          id="guest-name"
          className="field__control"
          maxLength={64}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor="guest-contact">
          {t('service.chat.contact')}
        </label>
        <input
          id="guest-contact"
          className="field__control"
          maxLength={120}
          value={contact}
          onChange={(e) => setContact(e.target.value)}
        />
      </div>
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={!ready}>
        {t('service.chat.start')}
      </button>
    </form>
  );
}
