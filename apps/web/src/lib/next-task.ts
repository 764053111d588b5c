/**
 * Resolves in a task of its own, so that the browser may paint and handle input before what
 * follows. A message, not a timer: a background tab runs timers about once a second, and a token
 * detail opened in one would wait seconds to hydrate.
 */
export function nextTask(): Promise<void> {
  return new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
