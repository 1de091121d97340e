import { MoneyError, parseMoney, PROOF_MAX_BYTES, PROOF_MAX_FILES, type WithdrawSettings } from '@platform/contracts';

export type AmountProblem =
  | { key: 'withdraw.amountRequired' }
  | { key: 'withdraw.amountInvalid' }
  | { key: 'withdraw.amountDecimals'; scale: number }
  | { key: 'withdraw.amountBelowMin'; min: string }
  | { key: 'withdraw.amountAboveMax'; max: string }
  | { key: 'withdraw.amountAboveBalance'; available: string };

/**
 * The server's checks, run before asking (the same parser, from contracts): a plain positive decimal in the
 * merchant's scale, within the limits and the available balance. The server checks again.
 */
export const checkAmount = (text: string, settings: WithdrawSettings): AmountProblem | null => {
  if (text.trim() === '') return { key: 'withdraw.amountRequired' };
  const { scale } = settings;
  let minor: bigint;
  try {
    minor = parseMoney(text, scale);
  } catch (error) {
    if (error instanceof MoneyError && error.reason === 'TOO_MANY_DECIMALS') {
      return { key: 'withdraw.amountDecimals', scale };
    }
    return { key: 'withdraw.amountInvalid' };
  }
  if (minor < parseMoney(settings.minAmount, scale)) return { key: 'withdraw.amountBelowMin', min: settings.minAmount };
  if (minor > parseMoney(settings.maxAmount, scale)) return { key: 'withdraw.amountAboveMax', max: settings.maxAmount };
  if (minor > parseMoney(settings.available, scale)) {
    return { key: 'withdraw.amountAboveBalance', available: settings.available };
  }
  return null;
};

export type FileProblem = 'withdraw.fileType' | 'withdraw.fileSize' | 'withdraw.fileCount';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const startsWith = (bytes: Uint8Array, magic: readonly number[]) => magic.every((byte, i) => bytes[i] === byte);

/** Reads the first bytes of a Blob (FileReader: works in every browser and in jsdom). */
const headOf = (file: Blob): Promise<Uint8Array> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(file.slice(0, 8));
  });

/** The server's proof rules, by content as the server reads them: PNG or JPEG, at most 5 MB each, at most three. */
export const checkProofFiles = async (files: readonly File[]): Promise<FileProblem | null> => {
  if (files.length > PROOF_MAX_FILES) return 'withdraw.fileCount';
  for (const file of files) {
    if (file.size > PROOF_MAX_BYTES) return 'withdraw.fileSize';
    const head = await headOf(file);
    if (!startsWith(head, PNG) && !startsWith(head, JPEG)) return 'withdraw.fileType';
  }
  return null;
};

/** Names compare as the server compares them: without case, runs of spaces as one. */
export const sameName = (a: string, b: string) =>
  a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();
