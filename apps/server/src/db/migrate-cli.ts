/**
 * `npm run db:migrate`: applies pending migrations to the configured database and exits. The
 * deploy step before starting new API processes; they migrate at start as well, under the same
 * advisory lock, so running it is safe while other processes start (docs/operations.md).
 */
import { loadConfig, loadEnvFile } from '../config';
import { openDatabase } from './client';

loadEnvFile();
const config = loadConfig();
const handle = await openDatabase(config.database);
await handle.close();
console.log(`Migrations applied (${config.database.driver}).`);
