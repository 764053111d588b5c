import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateKeyPairSigner } from '@solana/kit';
import { afterAll, describe, expect, it } from 'vitest';
import { SolanaCluster, solanaStateFile } from './cluster';

describe('SolanaCluster persistence', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vaultscope-devnet-cluster-'));

  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('replays logged transactions whose effects a crash kept from the account file', async () => {
    const cluster = await SolanaCluster.open({ clusterId: 101, dataDir });
    const receiver = (await generateKeyPairSigner()).address;
    const stateFile = solanaStateFile(dataDir, 101);
    copyFileSync(stateFile, `${stateFile}.before`);
    const signature = await cluster.airdrop(receiver, 7_000_000_000n);
    cluster.close();
    // The crash: the transaction reached the log, the account file is the one from before it.
    copyFileSync(`${stateFile}.before`, stateFile);

    const warnings: string[] = [];
    const reopened = await SolanaCluster.open({
      clusterId: 101,
      dataDir,
      onWarning: (message) => warnings.push(message),
    });
    expect(warnings).toEqual(['Replayed 1 unsaved transaction(s)']);
    expect(reopened.getBalance(receiver)).toBe(7_000_000_000n);
    expect(reopened.transaction(signature)?.err).toBeNull();
    reopened.close();

    // Saved now: a second open replays nothing.
    const again = await SolanaCluster.open({
      clusterId: 101,
      dataDir,
      onWarning: (message) => warnings.push(message),
    });
    expect(warnings).toHaveLength(1);
    expect(again.getBalance(receiver)).toBe(7_000_000_000n);
    again.close();
  });

  it('refuses a transaction once stopped', async () => {
    const cluster = await SolanaCluster.open({ clusterId: 103, dataDir });
    cluster.close();
    await expect(cluster.airdrop((await generateKeyPairSigner()).address, 1n)).rejects.toThrow(
      /stopped/,
    );
  });
});
