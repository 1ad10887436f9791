/**
 * A refresh that applies only the answer to its latest request: a slow answer to an earlier request (a
 * periodic read still in flight when the page changed something) never overwrites a newer one, so an
 * answered question does not come back for a moment.
 */
export function latestOnly<T>(
  read: () => Promise<T>,
  apply: (value: T) => void,
  fail: (error: Error) => void = () => {},
) {
  let latest = 0;
  return async (): Promise<void> => {
    const request = ++latest;
    try {
      const value = await read();
      if (request === latest) apply(value);
    } catch (error) {
      if (request === latest) fail(error as Error);
    }
  };
}
