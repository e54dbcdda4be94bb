/**
 * `npm run test:e2e`: build the client, find (or install) Chromium and run the
 * browser tests against the built server. Extra arguments go to vitest, e.g.
 * `npm run test:e2e -- e2e/referral.e2e.ts`.
 */
import { runSuite } from './test';

const vitestArgs = process.argv.slice(2).filter((a) => a !== '--');
runSuite({ only: ['build', 'e2e'], vitestArgs }).then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
