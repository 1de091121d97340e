import type { Database } from './database';

/** The support console's demo canned replies (issue 22), in both demo languages. */
export const DEMO_CANNED_REPLIES = [
  { title: 'Greeting', body: 'Hello, thank you for contacting Lucky Star support. How can I help you today?' },
  {
    title: 'Deposit check',
    body: 'Please send the receipt of your deposit (PNG or JPG) and I will check it right away.',
  },
  { title: 'Withdrawal time', body: 'Withdrawals are reviewed within 30 minutes and paid the same day.' },
  { title: 'Pagbati', body: 'Kumusta, salamat sa pakikipag-ugnayan sa Lucky Star support. Paano kita matutulungan?' },
  { title: 'Closing', body: 'Is there anything else I can help you with? Have a good day!' },
] as const;

/**
 * The demo merchant's customer-service settings: the canned replies, and the consulting hours and feedback word limits
 * written out (the spec's defaults: Monday to Friday 12:00 to 21:00, feedback of 5 to 300 words) so the back office's
 * settings page shows stored rows. Adds only what is missing, so an operator's edits survive a restart.
 */
export const seedDemoSupport = async (db: Database): Promise<number> =>
  db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: number }>("SELECT id FROM merchants WHERE code = 'demo'");
    const merchantId = rows[0]?.id;
    if (merchantId === undefined) return 0;
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('platform.seed-support:' || current_schema()))");
    await tx.query(
      `INSERT INTO chat_settings (merchant_id, days, opens_minute, closes_minute) VALUES ($1, '{1,2,3,4,5}', 720, 1260)
       ON CONFLICT (merchant_id) DO NOTHING`,
      [merchantId],
    );
    await tx.query(
      `INSERT INTO feedback_settings (merchant_id, min_words, max_words) VALUES ($1, 5, 300)
       ON CONFLICT (merchant_id) DO NOTHING`,
      [merchantId],
    );
    const existing = await tx.query('SELECT 1 FROM chat_canned_replies WHERE merchant_id = $1 LIMIT 1', [merchantId]);
    if (existing.rows.length > 0) return 0;
    for (const reply of DEMO_CANNED_REPLIES) {
      await tx.query('INSERT INTO chat_canned_replies (merchant_id, title, body) VALUES ($1, $2, $3)', [
        merchantId,
        reply.title,
        reply.body,
      ]);
    }
    return DEMO_CANNED_REPLIES.length;
  });
