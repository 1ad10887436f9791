import { z } from 'zod';

/** Where the windows and counters live: this process, or a server several processes share. */
export const storeKinds = ['Memory', 'Redis', 'PostgreSQL'] as const;
/** `Memory`, `Redis` or `PostgreSQL`: the `Store` setting. */
export type StoreKind = (typeof storeKinds)[number];

/** What a store needs besides its kind; `KeyPrefix` keeps deployments on one server apart. */
export interface StoreSettings {
  readonly Store: StoreKind;
  readonly ConnectionString?: string | undefined;
  readonly KeyPrefix: string;
}

const schemes: Readonly<Record<Exclude<StoreKind, 'Memory'>, readonly string[]>> = {
  Redis: ['redis:', 'rediss:'],
  PostgreSQL: ['postgres:', 'postgresql:'],
};

/** The store keys of a section (`ToolRateLimiting`, `TokenBudget`), described for it. */
export function storeSettingsShape(section: string, shared: string) {
  return {
    Store: z
      .enum(storeKinds)
      .default('Memory')
      .describe(
        `Where ${shared} are kept: Memory (this runtime only), Redis or PostgreSQL (shared by every process using the same server and KeyPrefix; needs ${section}:ConnectionString).`,
      ),
    ConnectionString: z
      .string()
      .trim()
      .min(1)
      .optional()
      .describe(
        'The server of Store Redis (redis://[user:password@]host:port[/database], rediss:// for TLS) or PostgreSQL (postgresql://user:password@host:port/database). Messages show it without user name or password.',
      ),
    KeyPrefix: z
      .string()
      .min(1)
      .default('orkeon:')
      .describe(
        'Starts every key (Redis) and row key (PostgreSQL) written: processes with the same prefix on the same server share their counts, others never see them.',
      ),
  };
}

/** Refuses a server store without a connection string, or with one of the other kind, naming the key. */
export function checkStoreSettings(section: string) {
  return (settings: StoreSettings, context: z.RefinementCtx): void => {
    if (settings.Store === 'Memory') return;
    const example = settings.Store === 'Redis' ? 'redis://127.0.0.1:6379' : 'postgresql://user@127.0.0.1:5432/orkeon';
    if (settings.ConnectionString === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['ConnectionString'],
        message: `${section}:Store is ${settings.Store}, so ${section}:ConnectionString is needed, e.g. ${example}`,
      });
      return;
    }
    const scheme = URL.canParse(settings.ConnectionString) ? new URL(settings.ConnectionString).protocol : undefined;
    if (scheme === undefined || !schemes[settings.Store].includes(scheme))
      context.addIssue({
        code: 'custom',
        path: ['ConnectionString'],
        message: `${section}:ConnectionString is not a ${settings.Store} URL (the value is not shown, as it may hold a password): give e.g. ${example}`,
      });
  };
}
