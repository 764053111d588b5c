import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, openSync, renameSync, writeSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';

/**
 * Writes a file so that a reader (or a crash) sees either the old content or the new, never a
 * torn one: write a temporary file beside it, flush it to disk, rename it over the target.
 * Synchronous on purpose: callers persist right after a state change, before answering.
 */
export function writeFileAtomicSync(path: string, content: string | Uint8Array): void {
  const temporary = `${path}.${randomBytes(4).toString('hex')}.tmp`;
  const fd = openSync(temporary, 'w');
  try {
    writeSync(fd, typeof content === 'string' ? Buffer.from(content, 'utf8') : content);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, path);
}

/** The parsed JSON of a file, or undefined when the file does not exist. */
export async function readJsonIfExists(path: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if (isErrnoException(error) && error.code === 'ENOENT') return undefined;
    throw error;
  }
  return JSON.parse(text) as unknown;
}

export function isErrnoException(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && 'code' in error;
}

/** Whether nothing listens on host:port (checked by binding it for a moment). */
export function isPortFree(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ host, port, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** A port the system reports free right now (for `basePort: 0`, as tests use). */
export function findFreePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen({ host, port: 0, exclusive: true }, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('No free port found'))));
    });
  });
}

/** Resolves after `ms` milliseconds. */
export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
