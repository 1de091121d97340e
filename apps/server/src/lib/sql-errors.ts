/**
 * The one reading of a database error (STYLE.md "Database errors wrapped once"): what the money core's SQL functions
 * raise, and the driver errors a caller may act on. pg and PGlite both carry the SQLSTATE as `code`, the RAISE's
 * MESSAGE as `message`, its DETAIL as `detail` and a violated index as `constraint`.
 */
export type SqlFailure =
  /**
   * A business refusal raised by a SQL function (SQLSTATE SW001, seamless_refuse in seamless/sql/seamless-call.sql):
   * the message is the protocol's code, the detail its argument (the balance, for INSUFFICIENT_FUNDS).
   */
  | { kind: 'refusal'; code: string; detail: string }
  /** deadlock_detected or serialization_failure: the statement was rolled back whole, running it again is safe. */
  | { kind: 'rolled-back' }
  /** unique_violation on `constraint`: someone else wrote that key first. */
  | { kind: 'unique'; constraint: string | undefined }
  | { kind: 'other' };

/** SQLSTATE of a refusal raised by a SQL function (RAISE ... USING ERRCODE = 'SW001', MESSAGE = the code). */
export const REFUSAL_SQLSTATE = 'SW001';

const fieldOf = (error: object, name: 'code' | 'message' | 'detail' | 'constraint'): string | undefined => {
  const value = (error as Record<typeof name, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
};

export const decodeSqlError = (error: unknown): SqlFailure => {
  if (typeof error !== 'object' || error === null) return { kind: 'other' };
  switch (fieldOf(error, 'code')) {
    case REFUSAL_SQLSTATE: {
      const code = fieldOf(error, 'message');
      return code === undefined ? { kind: 'other' } : { kind: 'refusal', code, detail: fieldOf(error, 'detail') ?? '' };
    }
    case '40P01':
    case '40001':
      return { kind: 'rolled-back' };
    case '23505':
      return { kind: 'unique', constraint: fieldOf(error, 'constraint') };
    default:
      return { kind: 'other' };
  }
};

/** A refusal answered as a value (inside a batch), thrown as the SQL function raises it alone: one code path. */
export const refusalError = (code: string, detail: string): Error =>
  Object.assign(new Error(code), { code: REFUSAL_SQLSTATE, detail });
