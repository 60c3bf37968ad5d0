// Web push for the signed-in student: the key to subscribe with, this
// device's subscription kept or removed, and a test notification.
import type { UseCases } from '@adapters/use-cases';
import { API } from '@contract/api';
import type { ApiRouter, RouteAnswer } from './api-router';

export function pushRoutes(api: ApiRouter, useCases: UseCases): void {
  api.on(API.pushKey, async () => {
    const { publicKey } = useCases.pushSettings;
    return { enabled: publicKey !== null, publicKey } satisfies RouteAnswer<typeof API.pushKey>;
  });

  api.on(API.savePushSubscription, async ({ body, userId }) => {
    await useCases.savePushSubscription.execute({ actingUserId: userId, subscription: { endpoint: body.endpoint, keys: body.keys } });
    return { subscribed: true } satisfies RouteAnswer<typeof API.savePushSubscription>;
  });

  api.on(API.deletePushSubscription, async ({ body, userId }) =>
    useCases.removePushSubscription.execute({ actingUserId: userId, endpoint: body.endpoint }),
  );

  api.on(API.sendTestNotification, async ({ userId }) => useCases.sendTestPush.execute({ actingUserId: userId }));
}
