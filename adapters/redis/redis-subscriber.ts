// The process's one Redis subscriber connection, shared by everything that
// listens to the other app servers: chat signals, membership changes and
// session changes, each on a channel of its own under the key prefix. Pub/sub
// is at-most-once: while the connection is down messages are lost, so the
// listeners are told (lost: stop trusting what only messages keep true;
// restored: start again from nothing).
import { subscriberConnection, type RedisConnection } from './redis-client';
import type { Logger } from 'pino';

export interface GapListener {
  /** Messages may be missed from now on. */
  lost(): void;
  /** Subscribed again; whatever was missed is gone for good. */
  restored(): void;
}

export class RedisSubscriber {
  private connection: RedisConnection | null = null;
  private readonly handlers = new Map<string, (message: string) => void>();
  private readonly listeners: GapListener[] = [];
  private live = false;

  constructor(
    private readonly redis: RedisConnection,
    private readonly logger?: Logger,
    /** The connection's CLIENT SETNAME, to tell it apart in CLIENT LIST. */
    private readonly name = 'study-swamp-subscriber',
  ) {}

  /** Hands every message of the channel to the handler; register before start(). */
  on(channel: string, handler: (message: string) => void): void {
    this.handlers.set(channel, handler);
  }

  /** Registers a listener; until the subscription is live it counts as lost. */
  onGap(listener: GapListener): void {
    this.listeners.push(listener);
    if (!this.live) listener.lost();
  }

  get isLive(): boolean {
    return this.live;
  }

  async start(): Promise<void> {
    if (this.connection) return;
    // A connection of its own: a subscribed connection can run nothing else.
    // Unlike the command client it may queue its SUBSCRIBE until connected.
    const connection = subscriberConnection(this.redis, this.name);
    this.connection = connection;
    // Outages are reported by the command client's watcher; this only keeps ioredis quiet.
    connection.on('error', (error: Error) => this.logger?.debug({ reason: error.message }, 'subscriber connection error'));
    connection.on('message', (channel: string, message: string) => this.handlers.get(channel)?.(message));
    connection.on('close', () => this.setLive(false));
    connection.on('ready', () => {
      // ioredis subscribes again by itself after a reconnect but cannot be
      // awaited; subscribing once more (harmless) tells when it is done.
      if (this.connection === connection && !this.live) void this.subscribe(connection);
    });
    await this.subscribe(connection);
  }

  async stop(): Promise<void> {
    const connection = this.connection;
    this.connection = null;
    this.setLive(false);
    if (connection) await connection.quit().catch(() => connection.disconnect());
  }

  private async subscribe(connection: RedisConnection): Promise<void> {
    try {
      await connection.subscribe(...this.handlers.keys());
      if (this.connection === connection) this.setLive(true);
    } catch (error) {
      // The next 'ready' tries again.
      this.logger?.debug({ reason: (error as Error).message }, 'subscribe failed');
    }
  }

  private setLive(live: boolean): void {
    if (this.live === live) return;
    this.live = live;
    for (const listener of this.listeners) {
      if (live) listener.restored();
      else listener.lost();
    }
  }
}
