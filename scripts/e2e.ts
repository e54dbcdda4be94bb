/**
 * `npm run test:e2e`: build the client, find (or install) Chromium and run the
 * browser tests (@playwright/test, playwright.config.ts) against the built server.
 * Extra arguments go to `playwright test`, e.g. a spec or a title filter:
 * `npm run test:e2e -- e2e/referral.e2e.ts` or `npm run test:e2e -- -g "keyboard"`.
 */
import { runSuite } from './test';

const runnerArgs = process.argv.slice(2).filter((a) => a !== '--');
runSuite({ only: ['build', 'e2e'], runnerArgs }).then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
