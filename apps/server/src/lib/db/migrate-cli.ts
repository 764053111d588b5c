import { loadConfig } from '../config';
import { openDatabase } from './client';

const config = loadConfig();
const handle = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
await handle.migrate();
await handle.close();
console.log(`Migrations applied (${handle.kind}).`);
