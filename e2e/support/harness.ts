/**
 * One spec file's world: an SMTP receiver, the built app on a fresh embedded
 * database, and Chromium. Each file gets its own (fresh data, fresh rate limits).
 */
import { launchBrowser, type TestBrowser } from './browser';
import { type MailCatcher, startMailCatcher } from './mail';
import { type AppServer, startServer } from './server';

export type Harness = { mail: MailCatcher; app: AppServer; browser: TestBrowser; stop: () => Promise<void> };

export async function startHarness(): Promise<Harness> {
  const mail = await startMailCatcher();
  let app: AppServer | undefined;
  try {
    app = await startServer({ smtpUrl: mail.url });
    const browser = await launchBrowser(app.url);
    const started = app;
    return {
      mail,
      app: started,
      browser,
      async stop() {
        await browser.close().catch(() => {});
        await started.stop();
        await mail.stop();
      },
    };
  } catch (err) {
    await app?.stop();
    await mail.stop();
    throw err;
  }
}

/** The path part of a page's URL. */
export function pathOf(url: string): string {
  return new URL(url).pathname;
}
