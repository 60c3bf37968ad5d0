// Notification settings (the student's own, from /profile) and a mail's
// one-click unsubscribe (no session: the signed token in the path is the key).
import type { UseCases } from '@adapters/use-cases';
import { API } from '@contract/api';
import type { ApiRoute } from '@contract/route';
import { StudyGroupId } from '@domain/ids';
import type { ApiRouter } from './api-router';

const SIGNED_LINK_PATHS = Object.values(API as Record<string, ApiRoute>)
  .filter((route) => route.signedLink)
  .map((route) => new RegExp(`^${route.path.replace(/\{\w+\}/g, '[^/]+')}$`));

/** Whether a path is a signed-link call (the CSRF check passes it: no session, no token, the signature decides). */
export function isSignedLinkPath(path: string): boolean {
  return SIGNED_LINK_PATHS.some((pattern) => pattern.test(path));
}

export function notificationRoutes(api: ApiRouter, useCases: UseCases): void {
  api.on(API.notificationSettings, async ({ ctx, userId }) => {
    ctx.set('Cache-Control', 'private, no-store');
    return useCases.getNotificationSettings.execute({ actingUserId: userId });
  });

  api.on(API.updateNotificationSettings, async ({ userId, body }) =>
    useCases.saveNotificationSettings.execute({
      actingUserId: userId,
      preferences: { ...body, mutedGroups: body.mutedGroups.map(StudyGroupId) },
    }),
  );

  api.on(API.unsubscribe, async ({ ctx, params }) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Referrer-Policy', 'no-referrer');
    return useCases.unsubscribeFromMail.execute({ token: params.token });
  });
}
