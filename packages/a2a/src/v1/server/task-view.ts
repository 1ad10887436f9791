import type { V1Task } from '../wire/task.js';

/**
 * A task as an answer shows it: `historyLength` unset keeps the whole history, 0 none,
 * N the N most recent messages; `includeArtifacts: false` leaves the artifacts out.
 */
export function taskView(
  task: V1Task,
  options: { readonly historyLength?: number | undefined; readonly includeArtifacts?: boolean },
): V1Task {
  const { history, artifacts, ...rest } = task;
  const length = options.historyLength;
  const shown = history === undefined || length === undefined ? history : length === 0 ? [] : history.slice(-length);
  return {
    ...rest,
    ...(shown === undefined || shown.length === 0 ? {} : { history: shown }),
    ...(artifacts === undefined || options.includeArtifacts === false ? {} : { artifacts }),
  };
}
