import { describe, expect, it } from 'vitest';
import { decodeHeaderValue, parseEml } from './parse-eml';

describe('decodeHeaderValue', () => {
  it('leaves plain values alone', () => {
    expect(decodeHeaderValue('Reset your password')).toBe('Reset your password');
  });

  it('decodes B and Q words and joins adjacent words, even when a character is split between them', () => {
    expect(decodeHeaderValue('=?UTF-8?Q?Zo=C3=AB_M=C3=BCller?= <zoe@example.com>')).toBe('Zoë Müller <zoe@example.com>');
    // "é" (C3 A9) split over two base64 words
    expect(decodeHeaderValue('=?UTF-8?B?Y2Fmww==?= =?UTF-8?B?qQ==?=')).toBe('café');
    expect(decodeHeaderValue('=?utf-8?q?a?= and =?utf-8?q?b?=')).toBe('a and b');
    expect(decodeHeaderValue('=?ISO-8859-1?Q?caf=E9?=')).toBe('café');
  });
});

describe('parseEml', () => {
  it('reads a quoted-printable single-part message with LF line endings', () => {
    const raw = [
      'To: zoe@example.com',
      'Subject: =?UTF-8?Q?R=C3=A9initialiser?=',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      'https://vault.test/reset?token=3Dabc&x=3D1 is wrong, this is right:',
      'https://vault.test/reset?token=3Dabc&x=3D1=',
      '&y=3D2 caf=C3=A9',
      '',
    ].join('\n');
    expect(parseEml(raw)).toEqual({
      to: 'zoe@example.com',
      subject: 'Réinitialiser',
      text: 'https://vault.test/reset?token=abc&x=1 is wrong, this is right:\nhttps://vault.test/reset?token=abc&x=1&y=2 café',
    });
  });

  it('takes the text/plain part of a nested multipart message', () => {
    const raw = [
      'To: a@example.com',
      'Subject: Hi',
      'Content-Type: multipart/mixed; boundary="outer"',
      '',
      'preamble',
      '--outer',
      'Content-Type: multipart/alternative; boundary=inner',
      '',
      '--inner',
      'Content-Type: text/html; charset=utf-8',
      '',
      '<p>html</p>',
      '--inner',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from('line 1\nline 2').toString('base64'),
      '--inner--',
      '--outer--',
      '',
    ].join('\r\n');
    expect(parseEml(raw)).toEqual({ to: 'a@example.com', subject: 'Hi', text: 'line 1\nline 2' });
  });
});
