import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chatImage } from '../api/chat-api';

/** An image of the chat: fetched with the session or the guest's token (an <img src> could send neither). */
export function ChatImage({
  chatId,
  messageId,
  guestToken,
}: {
  chatId: string;
  messageId: string;
  guestToken: string | null;
}) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let made: string | null = null;
    let live = true;
    chatImage(chatId, messageId, guestToken)
      .then((blob) => {
        if (!live) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [chatId, messageId, guestToken]);
  return url ? (
    <img className="chat__image" src={url} alt={t('service.chat.image')} />
  ) : (
    <span className="muted">{t('common.loading')}</span>
  );
}
