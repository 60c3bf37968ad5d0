// The wire contract's routes of web push: the key a browser subscribes with,
// a student's device turned on and off, and a test notification to their
// devices (api.ts assembles the table).
import * as push from './push';
import { route } from './route';

export const PUSH_ROUTES = {
  pushKey: route({
    method: 'GET',
    path: '/api/push-key/',
    summary: "Whether notifications can be turned on here, and the server's VAPID public key to subscribe with",
    answer: push.pushKeyAnswer,
  }),
  savePushSubscription: route({
    method: 'POST',
    path: '/api/insert-push-subscription/',
    summary:
      'Turn notifications on for this device: keep the push subscription the browser made (an endpoint already kept is replaced; at most 10 devices, the oldest goes); 409 PUSH_NOT_CONFIGURED when push is off on this server, 400 INVALID_PUSH_SUBSCRIPTION for an endpoint or keys no browser makes',
    body: push.savePushSubscriptionBody,
    answer: push.savePushSubscriptionAnswer,
    status: 201,
  }),
  deletePushSubscription: route({
    method: 'POST',
    path: '/api/delete-push-subscription/',
    summary: 'Turn notifications off for this device (its endpoint); only your own devices',
    body: push.deletePushSubscriptionBody,
    answer: push.deletePushSubscriptionAnswer,
  }),
  sendTestNotification: route({
    method: 'POST',
    path: '/api/send-test-notification/',
    summary: 'Send a test notification to each of your devices (3 a minute); 409 PUSH_NOT_CONFIGURED when push is off on this server',
    answer: push.testNotificationAnswer,
  }),
} as const;
