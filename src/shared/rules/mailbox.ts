/**
 * One mailbox, however its address is written. `a+1@x` and `a+2@x` deliver to `a@x`
 * (sub-addressing, RFC 5233, honoured by Gmail, Outlook, Fastmail, Proton and most
 * servers), and Gmail ignores dots in the local part (`a.b@gmail.com` = `ab@gmail.com`,
 * googlemail.com = gmail.com). A referral bonus is paid at most once per mailbox, and
 * never for an invitee whose mailbox is the referrer's own.
 */

const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/** The mailbox an address delivers to, as a stable key: `local@domain`, lower case. */
export function mailboxKey(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1).replace(/\.+$/, '');
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}

/** Both addresses reach the same person's inbox. */
export function sameMailbox(a: string, b: string): boolean {
  return mailboxKey(a) === mailboxKey(b);
}
