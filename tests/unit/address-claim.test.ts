// Who gets an address two accounts want (domain/user/address-claim.ts).
import { describe, expect, it } from 'vitest';
import { claimOnProof } from '@domain/user/address-claim';

describe('claimOnProof', () => {
  it('takes an address nobody holds, takes it from a holder that never verified it, and loses to one that did', () => {
    expect(claimOnProof(null)).toBe('take');
    expect(claimOnProof({ emailVerified: false })).toBe('take-and-retire-holder');
    expect(claimOnProof({ emailVerified: true })).toBe('lost');
  });
});
