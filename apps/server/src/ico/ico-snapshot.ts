import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { readIcoFile } from './ico-import';
import type { IcoRepository } from './ico-repository';

export const ICO_SNAPSHOT_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../snapshot/ico-projects.json',
);

/** On first start (no projects yet), loads the private-sale snapshot shipped in the repository. */
export async function loadIcoSnapshotIfEmpty(
  repository: IcoRepository,
  log: FastifyBaseLogger,
): Promise<void> {
  if (!(await repository.isEmpty())) return;
  const parsed = await readIcoFile(ICO_SNAPSHOT_FILE);
  if (!parsed.ok) {
    throw new Error(
      `the private-sale snapshot is invalid: ${parsed.errors.map((e) => `line ${e.line}: ${e.message}`).join('; ')}`,
    );
  }
  const result = await repository.upsertProjects(parsed.projects, parsed.images);
  log.info({ ...result }, 'private-sale snapshot loaded');
}
