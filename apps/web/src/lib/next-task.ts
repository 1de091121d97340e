/**
 * Resolves in a later task, after the browser has had the chance to handle input and paint. Start-up work split at
 * these points runs as several short tasks instead of one long one that would hold up a tap on a phone.
 */
export const nextTask = (): Promise<void> =>
  new Promise((resolve) => {
    setTimeout(resolve, 0);
  });
