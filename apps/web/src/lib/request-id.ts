/**
 * The idempotency key of one money attempt (a deposit, a withdrawal, a transfer): made for the attempt, reused while
 * that same attempt is retried (a lost answer never moves the money twice), replaced once an answer came back.
 */
export const newRequestId = (): string => `web-${crypto.randomUUID()}`;
