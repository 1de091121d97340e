import './support.css';
import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ChatMessage, OpsChat, OpsChatMessage } from '@platform/contracts';
import { formatDateTime } from '@/lib/dates';
import { errorText } from '@/lib/error-text';
import {
  chatImage,
  closeChat,
  getCanned,
  getChat,
  getChats,
  sendStaffMessage,
  staffTyping,
  supportKeys,
  takeChat,
} from '../api/support-api';
import { BlobImage } from './blob-image';
import { MemberBrief } from './member-brief';
import { TransferControl } from './transfer-control';

const POLL_MS = 2_000;
const STATUSES = ['QUEUED', 'ACTIVE', 'CLOSED'] as const;

const nameOf = (chat: OpsChat) => chat.username ?? `${chat.guestName ?? ''} (${chat.guestContact ?? ''})`;

/**
 * The support console (permission support.handle, issue 22): the queue (offline messages marked), the chat with its
 * transcript, typing and images, canned replies, take, transfer and close; the member's profile, balances and latest
 * records beside it; every chat kept and found by name, contact or text.
 */
export function ChatConsole() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<string>('QUEUED');
  const [search, setSearch] = useState('');
  const [openId, setOpenId] = useState<string | null>(null);
  const chats = useQuery({
    queryKey: supportKeys.chats(status, search),
    queryFn: ({ signal }) => getChats(status, search, signal),
    refetchInterval: POLL_MS * 2,
  });
  return (
    <div className="page support" data-testid="chat-console">
      <h1>{t('nav.supportChats')}</h1>
      <div className="support__grid">
        <section className="support__queue" aria-label={t('support.queue')}>
          <div role="tablist" className="support__tabs">
            {STATUSES.map((value) => (
              <button
                key={value}
                type="button"
                role="tab"
                aria-selected={status === value}
                className={
                  status === value ? 'button button--primary button--small' : 'button button--ghost button--small'
                }
                onClick={() => setStatus(value)}
              >
                {t(`support.statuses.${value}`)}
              </button>
            ))}
          </div>
          <label className="field__label" htmlFor="chat-search">
            {t('support.search')}
          </label>
          <input
            id="chat-search"
            className="field__control"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              if (event.target.value) setStatus('');
            }}
          />
          <ul className="support__list">
            {(chats.data?.list ?? []).length === 0 && <li className="muted">{t('support.empty')}</li>}
            {(chats.data?.list ?? []).map((chat) => (
              <li key={chat.id}>
                <button
                  type="button"
                  className={chat.id === openId ? 'support__item support__item--open' : 'support__item'}
                  onClick={() => setOpenId(chat.id)}
                >
                  <strong>{nameOf(chat)}</strong>
                  {chat.offline && <span className="badge">{t('support.offline')}</span>}
                  <span className="muted">{formatDateTime(chat.lastMessageAt)}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
        {openId === null ? (
          <p className="muted">{t('support.pick')}</p>
        ) : (
          <ChatView
            key={openId}
            id={openId}
            onChange={() => void queryClient.invalidateQueries({ queryKey: ['support', 'chats'] })}
          />
        )}
      </div>
    </div>
  );
}

function ChatView({ id, onChange }: { id: string; onChange: () => void }) {
  const { t } = useTranslation();
  const [chat, setChat] = useState<OpsChat | null>(null);
  const [messages, setMessages] = useState<OpsChatMessage[]>([]);
  const [text, setText] = useState('');
  const [image, setImage] = useState<File | null>(null);
  const lastTyping = useRef(0);
  const canned = useQuery({ queryKey: supportKeys.canned, queryFn: ({ signal }) => getCanned(signal) });

  useEffect(() => {
    let live = true;
    let last: string | undefined;
    const poll = async () => {
      const view = await getChat(id, last).catch(() => null);
      if (!live || view === null) return;
      setChat(view.chat);
      if (view.messages.length > 0) {
        last = view.messages.at(-1)?.id;
        setMessages((current) => [...current, ...view.messages.filter((m) => !current.some((c) => c.id === m.id))]);
      }
    };
    void poll();
    const timer = setInterval(() => void poll(), POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [id]);

  const after = (next: OpsChat) => {
    setChat(next);
    onChange();
  };
  const take = useMutation({ mutationFn: () => takeChat(id), onSuccess: after });
  const [transferError, setTransferError] = useState<unknown>(undefined);
  const close = useMutation({ mutationFn: () => closeChat(id), onSuccess: after });
  const send = useMutation({
    mutationFn: () => sendStaffMessage(id, text.trim(), image),
    onSuccess: (message) => {
      const line = { ...message, internal: false };
      setMessages((current) => (current.some((m) => m.id === message.id) ? current : [...current, line]));
      setText('');
      setImage(null);
      onChange();
    },
  });
  const failure = [take, close, send].find((m) => m.isError)?.error ?? transferError;
  if (chat === null) return <p className="muted">{t('common.loading')}</p>;
  const lineOf = (m: ChatMessage) =>
    m.sender === 'SYSTEM'
      ? t(`support.events.${m.body ?? ''}`, { name: m.staffName ?? '', defaultValue: m.body ?? '' })
      : m.body;
  return (
    <>
      <section className="support__chat" aria-label={t('support.transcript')}>
        <header className="support__chat-head">
          <strong>{nameOf(chat)}</strong> · {t(`support.statuses.${chat.status}`)}
          {chat.staffName && ` · ${chat.staffName}`}
          <span className="support__actions">
            {chat.status === 'QUEUED' && (
              <button type="button" className="button button--primary button--small" onClick={() => take.mutate()}>
                {t('support.take')}
              </button>
            )}
            {chat.status === 'ACTIVE' && chat.mine && (
              <TransferControl chatId={id} onDone={after} onError={setTransferError} />
            )}
            {(chat.status === 'QUEUED' || (chat.status === 'ACTIVE' && chat.mine)) && (
              <button type="button" className="button button--danger button--small" onClick={() => close.mutate()}>
                {t('support.close')}
              </button>
            )}
          </span>
        </header>
        <ol className="support__transcript">
          {messages.map((m) => (
            <li
              key={m.id}
              className={`support__line support__line--${m.internal ? 'internal' : m.sender.toLowerCase()}`}
            >
              <span className="muted">
                {m.internal && <span className="badge">{t('support.staffOnly')}</span>}
                {m.sender === 'STAFF' ? m.staffName : m.sender === 'CUSTOMER' ? nameOf(chat) : ''}{' '}
                {formatDateTime(m.createdAt)}
              </span>
              {lineOf(m) && <p>{lineOf(m)}</p>}
              {m.hasImage && <BlobImage load={() => chatImage(id, m.id)} alt={t('support.image')} />}
            </li>
          ))}
        </ol>
        {chat.otherTyping && <p className="muted">{t('support.typing')}</p>}
        {failure !== undefined && (
          <p role="alert" className="form-error">
            {errorText(t, failure)}
          </p>
        )}
        {chat.status === 'ACTIVE' && !chat.mine && (
          <p className="muted" data-testid="chat-others">
            {t('support.othersChat', { name: chat.staffName ?? '' })}
          </p>
        )}
        {(chat.status === 'QUEUED' || (chat.status === 'ACTIVE' && chat.mine)) && (
          <form
            className="support__compose"
            onSubmit={(event) => {
              event.preventDefault();
              if (text.trim() || image) send.mutate();
            }}
          >
            <label className="field__label" htmlFor="canned">
              {t('support.canned')}
            </label>
            <select id="canned" className="field__control" value="" onChange={(event) => setText(event.target.value)}>
              <option value="">{t('support.pickCanned')}</option>
              {(canned.data?.list ?? []).map((reply) => (
                <option key={reply.id} value={reply.body}>
                  {reply.title}
                </option>
              ))}
            </select>
            <label className="field__label" htmlFor="staff-reply">
              {t('support.reply')}
            </label>
            <textarea
              id="staff-reply"
              className="field__control"
              rows={3}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                if (Date.now() - lastTyping.current > 3_000) {
                  lastTyping.current = Date.now();
                  void staffTyping(id).catch(() => undefined);
                }
              }}
            />
            <label className="field__label" htmlFor="staff-image">
              {t('support.attach')}
            </label>
            <input
              id="staff-image"
              type="file"
              accept="image/png,image/jpeg"
              onChange={(e) => setImage(e.target.files?.[0] ?? null)}
            />
            <button type="submit" className="button button--primary" disabled={send.isPending}>
              {t('support.send')}
            </button>
          </form>
        )}
      </section>
      {chat.memberId !== null ? (
        <MemberBrief memberId={chat.memberId} />
      ) : (
        <aside className="support__member">
          <h2>{t('support.guest')}</h2>
          <p>{chat.guestName}</p>
          <p>{chat.guestContact}</p>
        </aside>
      )}
    </>
  );
}
