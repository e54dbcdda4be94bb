import { escapeHtml } from '../lib/html';

/** Plain, branded mail: every mail has a text part and a simple HTML part. */

export type MailContent = {
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe on every non-account mail). */
  headers?: Record<string, string>;
};

export function renderMail(opts: {
  subject: string;
  /** Whom the mail greets ("Hi Ada,"); none for a mail to the team ("Hi,"). */
  name?: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footer?: string;
}): MailContent {
  const footer = opts.footer ?? 'You receive this because of your Sysfi Labs account.';
  const greeting = opts.name === undefined ? 'Hi,' : `Hi ${opts.name},`;
  const text = [
    greeting,
    '',
    ...opts.paragraphs.flatMap((p) => [p, '']),
    ...(opts.action ? [`${opts.action.label}: ${opts.action.url}`, ''] : []),
    '— Sysfi Labs',
    footer,
  ].join('\n');
  const button = opts.action
    ? `<p style="margin:28px 0"><a href="${escapeHtml(opts.action.url)}" style="background:#7c3aed;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(opts.action.label)}</a></p>
<p style="font-size:12px;color:#64748b">Or paste this link into your browser:<br>${escapeHtml(opts.action.url)}</p>`
    : '';
  const html = `<!doctype html><html><body style="margin:0;background:#0b1020;font-family:Inter,Segoe UI,Arial,sans-serif">
<div style="max-width:560px;margin:0 auto;padding:32px 24px;color:#e2e8f0">
<div style="font-size:20px;font-weight:700;letter-spacing:-0.01em;margin-bottom:24px">Sysfi <span style="color:#22d3ee">Labs</span></div>
<div style="background:#131a2e;border:1px solid #1e293b;border-radius:12px;padding:28px">
<p style="margin-top:0">${escapeHtml(greeting)}</p>
${opts.paragraphs.map((p) => `<p style="line-height:1.6">${escapeHtml(p)}</p>`).join('\n')}
${button}
</div>
<p style="font-size:12px;color:#64748b;margin-top:24px">${escapeHtml(footer)}</p>
</div></body></html>`;
  return { subject: opts.subject, text, html };
}

export function verificationMail(name: string, url: string): MailContent {
  return renderMail({
    subject: 'Verify your e-mail for Sysfi Labs',
    name,
    paragraphs: [
      'Welcome to Sysfi Labs! Confirm your e-mail address to open your dashboard and start earning XP.',
    ],
    action: { label: 'Verify e-mail', url },
    footer: 'If you did not sign up for Sysfi Labs, you can ignore this mail.',
  });
}

/**
 * A password reset asked for an address whose sign-up was never confirmed. No reset link: whoever
 * registered the address proved nothing, and a reset would hand the mailbox's owner an account with
 * that person's name, role and referrer (ADR 0016). Signing up again replaces it. No greeting by
 * name: the name is the unconfirmed sign-up's, perhaps a stranger's.
 */
export function unconfirmedSignUpMail(signUpUrl: string): MailContent {
  return renderMail({
    subject: 'Finish signing up to Sysfi Labs',
    paragraphs: [
      'Someone asked to reset the password for this address, but its sign-up was never confirmed, so there is no password to reset.',
      'To use this address, sign up again with it: the unconfirmed sign-up is replaced, and you choose your own name, role and password.',
    ],
    action: { label: 'Sign up', url: signUpUrl },
    footer: 'If you did not ask for this, you can ignore this mail: nothing has changed.',
  });
}

/**
 * A password reset asked for a disabled account (issue 18): no reset link, as a new password would
 * not let anyone sign in, and a disabled account's credentials stay as the admin left them.
 */
export function disabledAccountResetMail(name: string): MailContent {
  return renderMail({
    subject: 'Your Sysfi Labs account is disabled',
    name,
    paragraphs: [
      'Someone asked to reset the password of your Sysfi Labs account. The account is disabled, so its password cannot be reset and no reset link is sent.',
      'If you think the account was disabled by mistake, reply to the mail that told you it was disabled, or write to the Sysfi Labs team.',
    ],
    footer: 'If you did not ask for this, you can ignore this mail: nothing has changed.',
  });
}

export function resetPasswordMail(name: string, url: string): MailContent {
  return renderMail({
    subject: 'Reset your Sysfi Labs password',
    name,
    paragraphs: [
      'Someone asked to reset the password of your Sysfi Labs account. The link works for one hour.',
    ],
    action: { label: 'Choose a new password', url },
    footer: 'If it was not you, ignore this mail: your password stays as it is.',
  });
}

/** The referral bonus, to the referrer (category 'referrals', which the member can turn off). */
export function referralMail(opts: {
  name: string;
  invitee: string;
  points: number;
  url: string;
}): MailContent {
  return renderMail({
    subject: `You earned ${opts.points} XP for a referral`,
    name: opts.name,
    paragraphs: [
      `${opts.invitee} verified their e-mail after joining with your referral link, so ${opts.points} XP went to your balance.`,
      'Every friend who joins with your link and verifies their address earns you the same.',
    ],
    action: { label: 'See your dashboard', url: opts.url },
  });
}

/** The outcome of something the admin reviewed (applications, bounty requests, grants, contributions). */
export function decisionMail(opts: {
  name: string;
  what: string;
  approved: boolean;
  /** Neither approved nor not: 'sent back for changes'. */
  outcome?: string | undefined;
  reason?: string | null;
  extra?: string;
  url: string;
  label: string;
}): MailContent {
  const outcome = opts.outcome ?? (opts.approved ? 'approved' : 'not approved');
  return renderMail({
    subject: `Your ${opts.what} was ${outcome}`,
    name: opts.name,
    paragraphs: [
      `Your ${opts.what} was ${outcome} by the Sysfi Labs team.`,
      ...(opts.reason ? [`Message from the reviewer: ${opts.reason}`] : []),
      ...(opts.extra ? [opts.extra] : []),
    ],
    action: { label: opts.label, url: opts.url },
  });
}

/** What a security mail says about one sign-in. */
export type SignInFacts = { when: Date; browser: string; ip: string | null };

const factLines = (f: SignInFacts) => [
  `Time: ${f.when.toUTCString()}`,
  `Browser: ${f.browser}`,
  `IP address: ${f.ip ?? 'unknown'}`,
];

/** A sign-in from a browser this account had not used (issue 21). */
export function newSignInMail(name: string, facts: SignInFacts, endUrl: string): MailContent {
  return renderMail({
    subject: 'New sign-in to your Sysfi Labs account',
    name,
    paragraphs: [
      'Your Sysfi Labs account was just signed in to from a browser it had not used before.',
      ...factLines(facts),
      'If this was you, there is nothing to do. If it was not, end that session now, then change your password.',
    ],
    action: { label: 'End this session', url: endUrl },
    footer: 'The link asks you to confirm before it ends anything.',
  });
}

/** A change to how the account signs in: password, second factor (issue 21). */
export function securityChangeMail(
  name: string,
  change: string,
  facts: SignInFacts,
  profileUrl: string,
): MailContent {
  return renderMail({
    subject: `Security change on your Sysfi Labs account: ${change}`,
    name,
    paragraphs: [
      `This change was just made to your Sysfi Labs account: ${change}.`,
      ...factLines(facts),
      'If it was not you, reset your password at once and review your signed-in devices.',
    ],
    action: { label: 'Review your security settings', url: profileUrl },
  });
}
