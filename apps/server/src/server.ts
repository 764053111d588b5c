import { buildApp } from './app';
import { ConfigError, loadConfig, loadDotEnv } from './lib/config';

let config;
try {
  loadDotEnv();
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const crashAt = config.WALLET_CRASH_AT;
const app = await buildApp({
  config,
  // A test aid that loadConfig refuses in production: the process kills itself (SIGKILL: no
  // handler, no flush, no graceful shutdown) as a wallet send passes this point, its record
  // written, so send-crash.test.ts can start it again and watch reconciliation finish the send.
  sendFaults: crashAt
    ? {
        at: (point) => {
          if (point === crashAt) process.kill(process.pid, 'SIGKILL');
        },
      }
    : undefined,
});
if (crashAt) app.log.warn({ at: crashAt }, 'test aid: wallet sends kill the process');

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}

await app.listen({ host: config.HOST, port: config.PORT });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.PORT;
const url =
  config.PUBLIC_URL ?? `http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${port}`;
app.log.info(`Vaultscope is running at ${url} (database: ${app.db.handle.kind})`);
console.log(`\n  Vaultscope is running at ${url}\n`);
