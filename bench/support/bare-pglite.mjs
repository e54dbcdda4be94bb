/**
 * The startup benchmark's baseline: a fresh Node process that opens an existing PGlite
 * data directory (argv[2]) and answers one query, as the app does before serving, and
 * nothing else. Prints `ready` and then idles until killed.
 */
import { PGlite } from '@electric-sql/pglite';

const db = new PGlite(process.argv[2]);
await db.waitReady;
await db.query('select 1');
process.stdout.write('ready\n');
setInterval(() => {}, 1 << 30);
process.on('SIGTERM', () => db.close().then(() => process.exit(0)));
