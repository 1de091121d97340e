import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '@platform/contracts';
import { errorText } from '@/lib/error-text';
import { formatDateTime, useLocale } from '@/lib/i18n/use-locale';
import { useSession } from '@/lib/session';
import { getChat, savedGuestChat, saveGuestChat, sendChatMessage, sendTyping, startChat } from '../api/chat-api';
import { ChatImage } from './chat-image';
import { GuestForm } from './guest-form';

/** How often the window asks for new messages (an indexed read of the messages after the last one seen). */
export const CHAT_POLL_MS = 2_000;
const TYPING_EVERY_MS = 3_000;

type Chat = { id: string; token: string | null };

/**
 * The live chat (spec §1 live chat, issue 22): members are known by their session; guests leave a name and a contact
 * first. New messages arrive by polling; the other side's typing shows under the list; images go both ways. Outside the
 * consulting hours the first line says the message waits for staff.
 */
export function ChatPanel() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { isLogin } = useSession();
  const [chat, setChat] = useState<Chat | null>(() => (isLogin ? null : savedGuestChat()));
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [status, setStatus] = useState<{ closed: boolean; otherTyping: boolean; staffName: string | null }>({
    closed: false,
    otherTyping: false,
    staffName: null,
  });
  const [text, setText] = useState('');
  const [image, setImage] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const lastTyping = useRef(0);
  const listRef = useRef<HTMLOListElement>(null);

  const begin = useCallback(
    async (input: { name?: string; contact?: string }) => {
      setError(null);
      try {
        const started = await startChat(input);
        const next = { id: started.id, token: started.guestToken };
        if (started.guestToken !== null) saveGuestChat({ id: started.id, token: started.guestToken });
        setMessages([]);
        setChat(next);
      } catch (failure) {
        setError(errorText(t, failure));
      }
    },
    [t],
  );

  useEffect(() => {
    if (isLogin && chat === null) void begin({});
  }, [isLogin, chat, begin]);

  useEffect(() => {
    if (chat === null) return;
    let live = true;
    let last: string | undefined;
    const poll = async () => {
      try {
        const view = await getChat(chat.id, chat.token, last);
        if (!live) return;
        if (view.messages.length > 0) {
          last = view.messages.at(-1)?.id;
          setMessages((current) => [...current, ...view.messages.filter((m) => !current.some((c) => c.id === m.id))]);
        }
        setStatus({
          closed: view.chat.status === 'CLOSED',
          otherTyping: view.chat.otherTyping,
          staffName: view.chat.staffName,
        });
      } catch {
        // A guest whose chat is gone (another device, or cleared) starts again.
        if (!isLogin && live) {
          saveGuestChat(null);
          setChat(null);
        }
      }
    };
    void poll();
    const timer = setInterval(() => void poll(), CHAT_POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [chat, isLogin]);

  useEffect(() => {
    listRef.current?.lastElementChild?.scrollIntoView?.({ block: 'end' });
  }, [messages.length]);

  if (chat === null)
    return isLogin ? <p className="muted">{t('common.loading')}</p> : <GuestForm onStart={begin} error={error} />;

  const submit = async () => {
    if ((!text.trim() && image === null) || busy) return;
    setBusy(true);
    setError(null);
    try {
      const sent = await sendChatMessage(chat.id, chat.token, text.trim(), image);
      setMessages((current) => (current.some((m) => m.id === sent.id) ? current : [...current, sent]));
      setText('');
      setImage(null);
    } catch (failure) {
      setError(errorText(t, failure));
    } finally {
      setBusy(false);
    }
  };
  const typing = (value: string) => {
    setText(value);
    if (Date.now() - lastTyping.current > TYPING_EVERY_MS) {
      lastTyping.current = Date.now();
      void sendTyping(chat.id, chat.token).catch(() => undefined);
    }
  };
  const lineOf = (message: ChatMessage) =>
    message.sender === 'SYSTEM'
      ? t(`service.chat.events.${message.body ?? ''}`, { name: message.staffName ?? '', defaultValue: '' })
      : message.body;

  return (
    <div className="chat">
      <ol className="chat__list" ref={listRef} aria-live="polite" aria-label={t('service.chat.transcript')}>
        {messages.length === 0 && <li className="chat__hint muted">{t('service.chat.welcome')}</li>}
        {messages.map((message) => (
          <li key={message.id} className={`chat__line chat__line--${message.sender.toLowerCase()}`}>
            {message.sender === 'STAFF' && <span className="chat__who">{message.staffName}</span>}
            {lineOf(message) && <p className="chat__text">{lineOf(message)}</p>}
            {message.hasImage && <ChatImage chatId={chat.id} messageId={message.id} guestToken={chat.token} />}
            <time className="chat__time muted" dateTime={message.createdAt}>
              {formatDateTime(message.createdAt, locale)}
            </time>
          </li>
        ))}
      </ol>
      {status.otherTyping && (
        <p className="chat__typing muted">{t('service.chat.typing', { name: status.staffName ?? '' })}</p>
      )}
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
      {status.closed ? (
        <div className="chat__closed">
          <p>{t('service.chat.ended')}</p>
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              saveGuestChat(null);
              setMessages([]);
              setChat(null);
            }}
          >
            {t('service.chat.newChat')}
          </button>
        </div>
      ) : (
        <form
          className="chat__compose"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <label className="visually-hidden" htmlFor="chat-text">
            {t('service.chat.message')}
          </label>
          <textarea
            id="chat-text"
            className="chat__input"
            rows={2}
            maxLength={2000}
            value={text}
            placeholder={t('service.chat.placeholder')}
            onChange={(event) => typing(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey) {
                event.preventDefault();
                void submit();
              }
            }}
          />
          <label className="button button--ghost chat__attach">
            {image ? image.name : t('service.chat.attach')}
            <input
              type="file"
              accept="image/png,image/jpeg"
              className="visually-hidden"
              aria-label={t('service.chat.attach')}
              onChange={(event) => setImage(event.target.files?.[0] ?? null)}
            />
          </label>
          <button type="submit" className="button button--primary" disabled={busy}>
            {t('service.chat.send')}
          </button>
        </form>
      )}
    </div>
  );
}
