import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { ChainUnavailableError } from '../lib/errors';
import { ChainPolicy, type ChainPolicyOptions } from './chain-policy';

const chain = { id: 43114, name: 'Avalanche Mainnet' };
const options: ChainPolicyOptions = {
  timeoutMs: 100,
  retries: 2,
  backoffMs: 5,
  maxBackoffMs: 20,
  breakAfter: 3,
  breakForMs: 150,
};

/** What fetch (undici) throws for a refused connection. */
const refused = () =>
  new TypeError('fetch failed', {
    cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' }),
  });
/** A JSON-RPC error answer: the node is up and said no. */
const answered = () => Object.assign(new Error('nonce too low'), { code: -32000 });

/** An attempt that fails the given way `failures` times, then answers `ok`. */
function flaky(failures: number, error: () => Error) {
  let calls = 0;
  const attempt = async () => {
    calls += 1;
    if (calls <= failures) throw error();
    return 'ok';
  };
  return { attempt, calls: () => calls };
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error,
  );

describe('ChainPolicy', () => {
  it('tries a read again after a passing failure, with backoff, up to its retries', async () => {
    const policy = new ChainPolicy(chain, options);
    const twice = flaky(2, refused);
    await expect(policy.call('read', twice.attempt)).resolves.toBe('ok');
    expect(twice.calls()).toBe(3);

    const always = flaky(10, refused);
    const error = await failure(new ChainPolicy(chain, options).call('read', always.attempt));
    expect(always.calls()).toBe(3);
    expect(error).toBeInstanceOf(ChainUnavailableError);
    expect(error).toMatchObject({
      statusCode: 503,
      failure: 'unreachable',
      detail: 'ECONNREFUSED',
      message: 'Avalanche Mainnet is not responding. Try again in a moment.',
    });
  });

  it('never tries a write (a broadcast) again', async () => {
    const policy = new ChainPolicy(chain, options);
    const broadcast = flaky(1, refused);
    expect(await failure(policy.call('write', broadcast.attempt))).toBeInstanceOf(
      ChainUnavailableError,
    );
    expect(broadcast.calls()).toBe(1);
  });

  it('passes the node’s own error answer through, untried again and not counted', async () => {
    const policy = new ChainPolicy(chain, options);
    for (let i = 0; i < 5; i += 1) {
      const rejected = flaky(1, answered);
      expect(await failure(policy.call('read', rejected.attempt))).toMatchObject({
        message: 'nonce too low',
      });
      expect(rejected.calls()).toBe(1);
    }
    expect(policy.circuit).toBe('closed');
  });

  it('gives up on an attempt at its time-out, aborts it, and does not try again', async () => {
    const policy = new ChainPolicy(chain, options);
    let calls = 0;
    let aborted: AbortSignal | undefined;
    const started = Date.now();
    const error = await failure(
      policy.call('read', (signal) => {
        calls += 1;
        aborted = signal;
        return new Promise(() => {});
      }),
    );
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(error).toMatchObject({
      statusCode: 503,
      failure: 'timeout',
      detail: 'no answer within 100 ms',
    });
    expect(aborted?.aborted).toBe(true);
    expect(calls).toBe(1);
  });

  it('opens after failures in a row, refuses calls fast, and closes on a good trial call', async () => {
    const policy = new ChainPolicy(chain, { ...options, retries: 0 });
    for (let i = 0; i < 3; i += 1) await failure(policy.call('read', flaky(1, refused).attempt));
    expect(policy.circuit).toBe('open');

    const untouched = flaky(0, refused);
    const refusal = await failure(policy.call('read', untouched.attempt));
    expect(untouched.calls()).toBe(0);
    expect(refusal).toMatchObject({ statusCode: 503, failure: 'circuit-open' });
    expect(Number((refusal as ChainUnavailableError).headers?.['retry-after'])).toBeGreaterThan(0);

    await sleep(options.breakForMs + 10);
    expect(policy.circuit).toBe('half-open');
    // One trial call goes through; the others still fail fast while it is out.
    let answer!: (value: string) => void;
    const trial = policy.call('read', () => new Promise<string>((resolve) => (answer = resolve)));
    const meanwhile = flaky(0, refused);
    expect(await failure(policy.call('read', meanwhile.attempt))).toMatchObject({
      failure: 'circuit-open',
    });
    expect(meanwhile.calls()).toBe(0);
    answer('ok');
    await expect(trial).resolves.toBe('ok');
    expect(policy.circuit).toBe('closed');
    await expect(policy.call('read', flaky(0, refused).attempt)).resolves.toBe('ok');
  });

  it('opens again at once when the trial call fails', async () => {
    const policy = new ChainPolicy(chain, { ...options, retries: 0 });
    for (let i = 0; i < 3; i += 1) await failure(policy.call('read', flaky(1, refused).attempt));
    await sleep(options.breakForMs + 10);
    await failure(policy.call('read', flaky(1, refused).attempt));
    expect(policy.circuit).toBe('open');
  });

  it('counts calls that fail together (one JSON-RPC batch) as one failure', async () => {
    const policy = new ChainPolicy(chain, { ...options, retries: 0 });
    const batch = Array.from({ length: 20 }, () =>
      failure(
        policy.call('read', async () => {
          await sleep(5);
          throw refused();
        }),
      ),
    );
    await Promise.all(batch);
    expect(policy.circuit).toBe('closed');
    // Two more failures in a row make three.
    await failure(policy.call('read', flaky(1, refused).attempt));
    expect(policy.circuit).toBe('closed');
    await failure(policy.call('read', flaky(1, refused).attempt));
    expect(policy.circuit).toBe('open');
  });
});
