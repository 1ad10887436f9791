import type { ServiceToken } from '@orkeon/core';
import * as core from '@orkeon/core';

/**
 * Service tokens are compared by identity, so a plugin that bundles its own copy of
 * `@orkeon/core` holds tokens the host does not know. Every token `@orkeon/core` exports
 * is shared by name instead: the plugin's `ToolService` becomes the host's.
 */
let byName: ReadonlyMap<string, ServiceToken<unknown>> | undefined;

function coreTokens(): ReadonlyMap<string, ServiceToken<unknown>> {
  if (byName === undefined) {
    const tokens = new Map<string, ServiceToken<unknown>>();
    for (const value of Object.values(core) as unknown[]) if (isServiceToken(value)) tokens.set(value.name, value);
    byName = tokens;
  }
  return byName;
}

/** A token as `serviceToken` makes them: a frozen object holding only its name. */
function isServiceToken(value: unknown): value is ServiceToken<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.isFrozen(value) &&
    Object.keys(value).length === 1 &&
    typeof (value as { name?: unknown }).name === 'string'
  );
}

/** The host's token for `token`: the same object, or the core token of the same name from another copy. */
export function sharedToken<T>(token: ServiceToken<T>): ServiceToken<T> {
  const host = coreTokens().get(token.name);
  if (host === undefined || host === token || !isServiceToken(token)) return token;
  return host as ServiceToken<T>;
}
