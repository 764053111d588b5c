/** The error of work that did not finish in time. */
export class TimeoutError extends Error {
  override name = 'TimeoutError';
}

/**
 * `run`'s result, or a {@link TimeoutError} after `ms`. The signal given to `run` is aborted on
 * time-out so that work which honours it stops; other work is left to finish on its own.
 */
export async function withTimeout<T>(
  ms: number,
  run: (signal: AbortSignal) => Promise<T>,
  message = `no answer within ${ms} ms`,
): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      run(controller.signal),
      new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => {
          controller.abort();
          reject(new TimeoutError(message));
        }, ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
