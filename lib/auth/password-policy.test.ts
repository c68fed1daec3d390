import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS, MIN_PASSWORD_LENGTH, checkNewPassword } from './password-policy';
import { hashPassword } from './passwords';

const STRONG = 'violet tram 47 lantern';

async function codeFor(options: Parameters<typeof checkNewPassword>[0]) {
  return (await checkNewPassword(options))?.code ?? null;
}

describe('checkNewPassword', () => {
  it('accepts a long password with letters and digits', async () => {
    expect(await checkNewPassword({ password: STRONG, email: 'jane.doe@example.com' })).toBeNull();
  });

  describe('length', () => {
    it('refuses 11 characters and accepts 12', async () => {
      expect(await codeFor({ password: 'abcdefgh123' })).toBe('too_short');
      expect(await codeFor({ password: 'zebrafish123' })).toBeNull();
    });

    it('counts code points, not UTF-16 units', async () => {
      expect(await codeFor({ password: `${'🔐'.repeat(6)}1a` })).toBe('too_short'); // 14 UTF-16 units, 8 code points
      expect(await codeFor({ password: `${'🔐'.repeat(10)}1a` })).toBeNull(); // 12 code points
    });

    it('says which rule was broken', async () => {
      expect(await checkNewPassword({ password: 'short1' })).toEqual({
        code: 'too_short',
        message: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
      });
    });
  });

  describe('letters and digits', () => {
    it.each([
      ['no digit', 'onlylettershere'],
      ['no letter', '1234567890123'],
      ['symbols and digits only', '!!!!----2024'],
    ])('refuses %s', async (_label, password) => {
      expect(await codeFor({ password })).toBe('needs_letters_and_digits');
    });

    it('takes non-Latin letters and digits as letters and digits', async () => {
      expect(await codeFor({ password: 'пароль-зебра-7' })).toBeNull();
      expect(await codeFor({ password: 'zebrafish-٤٢' })).toBeNull(); // Arabic-Indic digits
    });
  });

  describe('common passwords', () => {
    it('holds about a hundred lower-case entries', () => {
      expect(COMMON_PASSWORDS.size).toBeGreaterThanOrEqual(90);
      for (const entry of COMMON_PASSWORDS) expect(entry).toBe(entry.toLowerCase());
    });

    it.each(['Password2024!', 'password1234', 'PASSWORD123456', 'P@ssw0rd2024', 'qwerty123456', 'iloveyou1234!!', 'Welcome2025#', '1qaz2wsx3edc', 'Letmein 2024 !'])(
      'refuses %s (a common root plus a trailing run of digits and symbols)',
      async (password) => {
        expect(await codeFor({ password })).toBe('too_common');
      },
    );

    it('compares full-width look-alikes as the letters they display', async () => {
      expect(await codeFor({ password: 'ｐａｓｓｗｏｒｄ2024' })).toBe('too_common');
    });

    it('does not refuse a password that merely contains a common word somewhere', async () => {
      expect(await codeFor({ password: 'my password is 4 long words' })).toBeNull();
      expect(await codeFor({ password: '2024password' })).toBeNull(); // leading decorations are not stripped
    });
  });

  describe('email', () => {
    it('refuses the local part of the email, in any case', async () => {
      expect(await codeFor({ password: 'JaneDoe-2024-xyz', email: 'janedoe@example.com' })).toBe('contains_email');
    });

    it('refuses the local part without its +tag', async () => {
      expect(await codeFor({ password: 'zebra-jane-77-x', email: 'Jane+vault@example.com' })).toBe('contains_email');
    });

    it('ignores local parts shorter than 4 characters', async () => {
      expect(await codeFor({ password: 'bob-zebrafish-77', email: 'bob@example.com' })).toBeNull();
    });

    it('does not look at the domain', async () => {
      expect(await codeFor({ password: 'example-zebra-77', email: 'jane@example.com' })).toBeNull();
    });

    it('is skipped when no email is given', async () => {
      expect(await codeFor({ password: 'JaneDoe-2024-xyz' })).toBeNull();
    });
  });

  describe('history', () => {
    it('refuses a password matching any of the recent hashes, accepts a new one', async () => {
      const recentHashes = await Promise.all(['old password 1', 'old password 2', STRONG, 'old password 4'].map(hashPassword));
      expect(await checkNewPassword({ password: STRONG, recentHashes })).toEqual({
        code: 'reused',
        message: 'Password must not be one of your last 4 passwords',
      });
      expect(await codeFor({ password: 'brand new password 5', recentHashes })).toBeNull();
    });

    it('ignores malformed hashes instead of failing', async () => {
      expect(await codeFor({ password: STRONG, recentHashes: ['', 'not-a-hash'] })).toBeNull();
    });
  });

  it('reports the first broken rule in order: length, letters and digits, common, email, history', async () => {
    expect(await codeFor({ password: 'pass', email: 'pass@example.com' })).toBe('too_short');
    expect(await codeFor({ password: 'passwordpassword', email: 'password@example.com' })).toBe('needs_letters_and_digits');
    expect(await codeFor({ password: 'password2024', email: 'password@example.com' })).toBe('too_common');
  });

  it('never puts the password in the message', async () => {
    const attempts = [
      { password: 'secretive1' },
      { password: 'secretivewords' },
      { password: 'Sunshine2024!' },
      { password: 'janedoe-secret-9', email: 'janedoe@example.com' },
      { password: STRONG, recentHashes: [await hashPassword(STRONG)] },
    ];
    for (const attempt of attempts) {
      const found = await checkNewPassword(attempt);
      expect(found).not.toBeNull();
      expect(found!.message).not.toContain(attempt.password);
    }
  });
});
