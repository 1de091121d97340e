import type { MessageTranslation, SystemMessageTopic } from '@platform/contracts';

/** What a system message names: an order number, an amount as the member reads it (already formatted), a name. */
export type SystemValues = { orderNo?: string; amount?: string; name?: string };

type Text = { title: string; content: string };

/**
 * The platform's own words for system messages, in the two configured packs (EN, and TY as Filipino, DESIGN.md §9).
 * `{orderNo}`, `{amount}` and `{name}` are filled in when the message is written; a reader in another language sees
 * the merchant's default or English.
 */
const TEXTS: Record<SystemMessageTopic, Record<'EN' | 'TY', Text>> = {
  DEPOSIT_CREDITED: {
    EN: { title: 'Deposit credited', content: 'Your deposit {orderNo} has been credited to your wallet.' },
    TY: { title: 'Naikredito ang deposito', content: 'Naikredito na sa iyong wallet ang deposito {orderNo}.' },
  },
  WITHDRAWAL_PAID: {
    EN: { title: 'Withdrawal paid', content: 'Your withdrawal {orderNo} has been paid.' },
    TY: { title: 'Nabayaran ang withdrawal', content: 'Nabayaran na ang iyong withdrawal {orderNo}.' },
  },
  BONUS_GRANTED: {
    EN: { title: 'Bonus granted', content: 'You received a bonus of {amount}. Its wagering shows in Bonus details.' },
    TY: {
      title: 'Natanggap ang bonus',
      content: 'Nakatanggap ka ng bonus na {amount}. Makikita ang wagering nito sa Bonus details.',
    },
  },
  CONTRACT_OFFERED: {
    EN: {
      title: 'New contract offer',
      content: 'You have a new contract offer. Open the agent centre to accept or reject it.',
    },
    TY: {
      title: 'Bagong alok na kontrata',
      content: 'May bago kang alok na kontrata. Buksan ang agent centre para tanggapin o tanggihan ito.',
    },
  },
  MISSION_COMPLETED: {
    EN: {
      title: 'Mission completed',
      content: 'You completed the mission {name}. Claim your reward in the reward centre.',
    },
    TY: {
      title: 'Natapos ang misyon',
      content: 'Natapos mo ang misyong {name}. Kunin ang gantimpala sa reward centre.',
    },
  },
};

const fill = (template: string, values: SystemValues) =>
  template.replace(/\{(orderNo|amount|name)\}/g, (_, key: keyof SystemValues) => values[key] ?? '');

export const systemTexts = (topic: SystemMessageTopic, values: SystemValues): MessageTranslation[] =>
  (Object.entries(TEXTS[topic]) as ['EN' | 'TY', Text][]).map(([language, text]) => ({
    language,
    title: fill(text.title, values),
    content: fill(text.content, values),
  }));
