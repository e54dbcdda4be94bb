/**
 * Once per integration run: bundle the server, because the tests that start it as a
 * process (processes, crash, runtime) run the compiled dist/server/index.js, as
 * production does. esbuild takes about half a second.
 */
import { buildServer } from '../../scripts/build-server.mjs';

export default async function setup() {
  await buildServer({ quiet: true });
}
