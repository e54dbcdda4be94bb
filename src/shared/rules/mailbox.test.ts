import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mailboxKey, sameMailbox } from './mailbox';

describe('mailboxKey', () => {
  it.each([
    ['Alice@Example.com', 'alice@example.com'],
    ['alice+news@example.com', 'alice@example.com'],
    ['alice+a+b@example.com', 'alice@example.com'],
    ['a.l.i.c.e@gmail.com', 'alice@gmail.com'],
    ['A.Lice+x@GoogleMail.com', 'alice@gmail.com'],
    ['a.lice@example.com', 'a.lice@example.com'], // dots matter outside Gmail
    ['+tag@example.com', '+tag@example.com'], // an address that starts with + keeps it
    ['alice@example.com.', 'alice@example.com'],
    ['  bob@example.org ', 'bob@example.org'],
    ['not-an-address', 'not-an-address'],
  ])('%s → %s', (address, key) => {
    expect(mailboxKey(address)).toBe(key);
  });

  it('tells apart different mailboxes', () => {
    expect(sameMailbox('alice@example.com', 'alice@example.org')).toBe(false);
    expect(sameMailbox('alice@example.com', 'alicia@example.com')).toBe(false);
    expect(sameMailbox('ali.ce@example.com', 'alice@example.com')).toBe(false);
    expect(sameMailbox('alice+1@gmail.com', 'a.lice+2@googlemail.com')).toBe(true);
  });

  it('is the same for any tag, dotting and case of one Gmail mailbox (property)', () => {
    const local = fc.stringMatching(/^[a-z0-9]{1,12}$/);
    fc.assert(
      fc.property(
        local,
        fc.stringMatching(/^[a-z0-9.-]{0,8}$/),
        fc.array(fc.nat(), { maxLength: 4 }),
        fc.boolean(),
        (l, tag, dots, upper) => {
          let spelled = l;
          for (const d of dots) {
            const i = 1 + (d % Math.max(1, spelled.length - 1));
            if (i < spelled.length) spelled = `${spelled.slice(0, i)}.${spelled.slice(i)}`;
          }
          const address = `${upper ? spelled.toUpperCase() : spelled}${tag ? `+${tag}` : ''}@gmail.com`;
          expect(mailboxKey(address)).toBe(`${l}@gmail.com`);
        },
      ),
    );
  });
});
