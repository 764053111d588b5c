/**
 * `npm run import:ico -- FILE` — loads private-sale projects from a JSON or CSV file.
 * Every row is checked first; one bad row and nothing is written.
 */
import path from 'node:path';
import { loadConfig, loadDotEnv } from '../lib/config';
import { openDatabase } from '../lib/db/client';
import { readIcoFile } from './ico-import';
import { IcoRepository } from './ico-repository';

const file = process.argv[2];
if (!file) {
  console.error('usage: npm run import:ico -- FILE.json|FILE.csv');
  process.exit(2);
}
loadDotEnv();
const config = loadConfig();
const filePath = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
const parsed = await readIcoFile(filePath);
if (!parsed.ok) {
  console.error(`${path.basename(filePath)}: ${parsed.errors.length} problem(s), nothing imported`);
  for (const error of parsed.errors) console.error(`  line ${error.line}: ${error.message}`);
  process.exit(1);
}
const handle = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await handle.migrate();
  const result = await new IcoRepository(handle.db).upsertProjects(parsed.projects, parsed.images);
  console.log(
    `${path.basename(filePath)}: ${parsed.projects.length} project(s): ${result.created} created, ${result.updated} updated, ${result.unchanged} unchanged`,
  );
} finally {
  await handle.close();
}
