import type { FastifyInstance } from 'fastify';

/**
 * What the database announces to every server process (decision 040). A process that keeps something in memory
 * subscribes to the channel that announces its changes and forgets what changed at once, whichever process (or
 * script, or SQL console) changed it: the announcements come from triggers (migration 0019), sent when the
 * changing transaction commits.
 *
 * - `olympus_catalogue`: an olympiad's paper changed (its row, a module or a question); the payload is its id.
 * - `olympus_settings`: the runtime settings (system config) changed (migration 0026); no payload.
 * - `olympus_public_pages`: a write changed what a public page shows (platform/public-pages.ts); no payload.
 */
export type ChangeChannel = 'olympus_catalogue' | 'olympus_settings' | 'olympus_public_pages';

/** The payload, or null when announcements may have been missed (the listening connection was lost): forget all. */
export type ChangeHandler = (payload: string | null) => void;

export interface ChangeFeed {
  on(channel: ChangeChannel, handler: ChangeHandler): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    changes: ChangeFeed;
  }
}

/** Subscriptions are made while the app is built; listening starts when it is ready and stops when it closes. */
export function registerChangeFeed(app: FastifyInstance): void {
  const handlers = new Map<ChangeChannel, ChangeHandler[]>();
  let stop: (() => Promise<void>) | null = null;
  app.decorate('changes', {
    on(channel, handler) {
      handlers.set(channel, [...(handlers.get(channel) ?? []), handler]);
    },
  } satisfies ChangeFeed);
  const each = (fn: (h: ChangeHandler) => void) => {
    for (const list of handlers.values())
      for (const h of list) {
        try {
          fn(h);
        } catch (err) {
          app.log.error({ err }, 'a change handler failed');
        }
      }
  };
  app.addHook('onReady', async () => {
    if (!handlers.size) return;
    stop = await app.database.listen([...handlers.keys()], {
      onNotify(channel, payload) {
        for (const h of handlers.get(channel as ChangeChannel) ?? []) {
          try {
            h(payload);
          } catch (err) {
            app.log.error({ err, channel }, 'a change handler failed');
          }
        }
      },
      onGap: () => each((h) => h(null)),
    });
  });
  app.addHook('onClose', async () => {
    await stop?.();
  });
}
