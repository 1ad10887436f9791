import type { LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { type NetworkCheck, NetworkRefusedError } from './network-refusal.js';

/**
 * A `lookup` for `net.connect` (and HTTP agents built on it) over one checked resolution:
 * the connection receives exactly the addresses `resolveChecked` judged, in the shape the
 * caller asked for (one address, or all with `all: true`), narrowed to the family asked
 * for. A refusal reaches the socket as `NetworkRefusedError`.
 */
export function guardedLookupFunction(
  resolveChecked: (host: string) => Promise<NetworkCheck<readonly LookupAddress[]>>,
): LookupFunction {
  return (hostname, options, callback) => {
    resolveChecked(hostname).then(
      (checked) => {
        if (!checked.ok) {
          callback(new NetworkRefusedError(checked) as unknown as NodeJS.ErrnoException, '', 0);
          return;
        }
        const family = wantedFamily(options.family);
        const usable = checked.value.filter((entry) => family === undefined || entry.family === family);
        const first = usable[0];
        if (first === undefined) {
          const error = Object.assign(new Error(`No IPv${family} address for ${hostname}.`), { code: 'ENOTFOUND' });
          callback(error, '', 0);
        } else if (options.all === true)
          callback(
            null,
            usable.map((entry) => ({ ...entry })),
          );
        else callback(null, first.address, first.family);
      },
      (error: unknown) => callback(error as NodeJS.ErrnoException, '', 0),
    );
  };
}

function wantedFamily(family: number | string | undefined): 4 | 6 | undefined {
  if (family === 4 || family === 'IPv4') return 4;
  if (family === 6 || family === 'IPv6') return 6;
  return undefined;
}
