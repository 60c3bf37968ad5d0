import { refuseBrokenRule } from '../../domain/errors';
import { checkSignUp, EMAIL_TAKEN_MESSAGE, normaliseSignUp, USERNAME_TAKEN_MESSAGE, type SignUpInput } from '../../domain/user/sign-up-rules';
import type { User } from '../../domain/user/user';
import type { PasswordHasher } from '../ports/password-hasher';
import type { UserRepository } from '../ports/user-repository';
import type { ClientThrottle } from './client-throttle';

export type SignUpResult =
  | { ok: true; user: User }
  | { ok: false; field: 'email' | 'username'; message: string };

export interface SignUpCommand extends SignUpInput {
  clientAddress: string;
}

export class SignUp {
  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly throttle: ClientThrottle,
  ) {}

  /** Throws RateLimitedError when the address signed up too often; a form that breaks a rule is not counted. */
  async execute({ clientAddress, ...form }: SignUpCommand): Promise<SignUpResult> {
    refuseBrokenRule(checkSignUp(form));
    await this.throttle.signUp(clientAddress);

    const passwordHash = await this.hasher.hash(form.password);
    const result = await this.users.create({ ...normaliseSignUp(form), passwordHash });
    if (result.created) return { ok: true, user: result.user };
    return result.conflict === 'email'
      ? { ok: false, field: 'email', message: EMAIL_TAKEN_MESSAGE }
      : { ok: false, field: 'username', message: USERNAME_TAKEN_MESSAGE };
  }
}
