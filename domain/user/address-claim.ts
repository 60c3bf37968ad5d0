// Claiming a UF address that another account holds but never verified. A
// sign-up made 24 hours or more after that account's may ask for the address:
// the new account is created with the address as a pending claim and the
// verification link goes to the address. Nothing changes for the holder until
// a link proves the mailbox; whichever account proves it first keeps it:
//
// - the holder verifies first: the address stays; every claim on it is lost
//   (each claimer is told at its next verification attempt);
// - a claimer's link is opened first while the holder is still unverified:
//   the claimer takes the address and the holder, which never proved it, is
//   retired (deleted as Delete my account deletes, its sessions ended); the
//   other claims now meet a verified holder and are lost;
// - nobody holds the address any more (the holder deleted its account): the
//   claimer takes it.

/** How long after its sign-up an account that has not verified its address keeps it from every new sign-up. */
export const CLAIMABLE_AFTER_MS = 24 * 60 * 60 * 1000;

/** What opening a claimer's link does, given the account holding the address at that moment (null: none). */
export type ClaimOnProof = 'take' | 'take-and-retire-holder' | 'lost';

export function claimOnProof(holder: { emailVerified: boolean } | null): ClaimOnProof {
  if (holder === null) return 'take';
  return holder.emailVerified ? 'lost' : 'take-and-retire-holder';
}
