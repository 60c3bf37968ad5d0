// The list of the 10,000 most common passwords (adapters/security/
// packaged-common-passwords.ts) and the check of every new password against it.
import { describe, expect, it } from 'vitest';
import { refuseCommonPassword } from '@application/auth/new-password';
import { PackagedCommonPasswords } from '@adapters/security/packaged-common-passwords';
import { ValidationError } from '@domain/errors';

describe('the most common passwords', () => {
  it('reads the published list on the first question, not before', async () => {
    const list = new PackagedCommonPasswords();
    expect(list.loaded).toBe(false);
    expect(await list.includes('password')).toBe(true);
    expect(list.loaded).toBe(true);
    const entries = await list.entries();
    // 10,000 entries, a few of which differ only in case.
    expect(entries.size).toBeGreaterThan(9_900);
    expect(entries.size).toBeLessThanOrEqual(10_000);
  });

  it('finds common passwords in any case, and not the uncommon ones', async () => {
    const list = new PackagedCommonPasswords();
    for (const common of ['123456', 'password1', 'iloveyou', 'Sunshine', 'FOOTBALL1', '00000000', 'qwertyuiop', 'trustno1']) {
      expect(await list.includes(common), common).toBe(true);
    }
    for (const uncommon of ['chomp-chomp-42', 'gators-in-the-swamp', 'password1!x', '', ' password']) {
      expect(await list.includes(uncommon), uncommon).toBe(false);
    }
  });

  it('refuses a common new password with 400 naming the field', async () => {
    const list = new PackagedCommonPasswords();
    const refusal = await refuseCommonPassword(list, 'baseball', 'newPassword').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ValidationError);
    expect(refusal).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'That password is too common; choose another.',
      details: { field: 'newPassword' },
    });
    await expect(refuseCommonPassword(list, 'chomp-chomp-42', 'password')).resolves.toBeUndefined();
  });
});
