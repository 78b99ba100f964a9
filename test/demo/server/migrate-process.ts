/**
 * One server start's migration in a process of its own, as a second instance runs it:
 * `node --import tsx migrate-process.ts <dataDir> <migrationsDir> [databaseUrl]` prints the
 * versions it applied as JSON.
 */
import { connectDatabase, migrate } from '../../../demo/server/db.ts';

const [dataDir, migrationsDir, databaseUrl] = process.argv.slice(2);
const db = connectDatabase(dataDir!, databaseUrl);
try {
  console.log(JSON.stringify(await migrate(db, migrationsDir)));
} finally {
  await db.close();
}
