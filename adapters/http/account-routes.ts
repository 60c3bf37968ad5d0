// The trusted-account calls: verify the address, get back in with a mailed
// link, change the password, edit the profile, delete the account.
import type { UseCases } from '@adapters/use-cases';
import type { ApiRouter, RouteAnswer } from './api-router';
import { API } from '@contract/api';
import { countedClient } from './client-network';
import type { DeviceCookies } from './device-cookie';
import { sessionUserId } from './session';

/** `devices`: the login guard's device cookies, which confirming the password with (change, delete) counts on like a login. */
export function accountRoutes(api: ApiRouter, useCases: UseCases, devices: DeviceCookies): void {
  const {
    verifyEmail,
    resendVerification,
    requestPasswordReset,
    checkResetLink,
    resetPassword,
    changePassword,
    updateProfile,
    deleteAccount,
  } = useCases;

  // The link may be opened in any browser, signed in or not: the token alone says whose address it is.
  api.on(API.verifyEmail, async ({ body }) => {
    const { alreadyVerified } = await verifyEmail.execute({ token: body.token });
    return { emailVerified: true, alreadyVerified } satisfies RouteAnswer<typeof API.verifyEmail>;
  });

  api.on(API.resendVerification, ({ userId }) => resendVerification.execute({ actingUserId: userId }));

  api.on(API.requestPasswordReset, ({ ctx, body }) =>
    requestPasswordReset.execute({ emailOrUsername: body.emailOrUsername, clientAddress: countedClient(ctx) }),
  );

  api.on(API.checkResetLink, async ({ query }) => {
    await checkResetLink.execute({ token: query.token });
    return { usable: true } satisfies RouteAnswer<typeof API.checkResetLink>;
  });

  api.on(API.resetPassword, async ({ ctx, body }) => {
    const userId = await resetPassword.execute({ token: body.token, password: body.password });
    // Every session of the account ended; a browser signed in as it forgets its cookie too.
    if (sessionUserId(ctx) === userId) ctx.session = null;
    return { passwordReset: true } satisfies RouteAnswer<typeof API.resetPassword>;
  });

  api.on(API.changePassword, async ({ ctx, userId, body }) => {
    await changePassword.execute({
      actingUserId: userId,
      currentPassword: body.currentPassword,
      newPassword: body.newPassword,
      clientAddress: countedClient(ctx),
      devices: devices.presented(ctx),
    });
    // Every session of the account has ended, this one too: it goes on under a new id (its data, CSRF token included, kept).
    await ctx.session!.regenerate();
    return { passwordChanged: true } satisfies RouteAnswer<typeof API.changePassword>;
  });

  api.on(API.updateProfile, async ({ userId, body }) => {
    const user = await updateProfile.execute({ actingUserId: userId, ...body });
    return { user } satisfies RouteAnswer<typeof API.updateProfile>;
  });

  api.on(API.deleteAccount, async ({ ctx, userId, body }) => {
    await deleteAccount.execute({
      actingUserId: userId,
      password: body.password,
      clientAddress: countedClient(ctx),
      devices: devices.presented(ctx),
    });
    ctx.session = null;
    return { isAuthenticated: false, accountDeleted: true } satisfies RouteAnswer<typeof API.deleteAccount>;
  });
}
