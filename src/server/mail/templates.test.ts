import { describe, expect, it } from 'vitest';
import { renderMail, verificationMail } from './templates';

describe('renderMail', () => {
  it('greets the member by name in both parts, escaped in the HTML', () => {
    const m = renderMail({ subject: 'S', name: 'Ada <b>', paragraphs: ['Body'] });
    expect(m.text.split('\n')[0]).toBe('Hi Ada <b>,');
    expect(m.html).toContain('<p style="margin-top:0">Hi Ada &lt;b&gt;,</p>');
    expect(m.html).not.toContain('Ada <b>');
  });

  it('greets the team without a name', () => {
    const m = renderMail({ subject: 'S', paragraphs: ['Body'] });
    expect(m.text.split('\n')[0]).toBe('Hi,');
  });

  it('puts the action link in the text and as a button in the HTML', () => {
    const m = verificationMail('Ada', 'https://app.example/verify?t=1&u=2');
    expect(m.subject).toBe('Verify your e-mail for Sysfi Labs');
    expect(m.text).toContain('Hi Ada,');
    expect(m.text).toContain('Verify e-mail: https://app.example/verify?t=1&u=2');
    expect(m.html).toContain('href="https://app.example/verify?t=1&amp;u=2"');
  });
});
