import { type Configuration, ConfigurationError } from '@orkeon/core';
import type { DoctorCheck } from './doctor-check.js';

/** Whether the settings could be read and judged; the configuration when they could. */
export async function checkSettings(
  load: () => Promise<Configuration>,
): Promise<{ checks: DoctorCheck[]; configuration?: Configuration }> {
  try {
    const configuration = await load();
    const file = configuration.settingsFile;
    const detail =
      file === undefined
        ? 'no appsettings.json found; using defaults, SVC_ environment variables and --set'
        : `${file} is valid`;
    return { checks: [{ check: 'settings', status: 'ok', detail }], configuration };
  } catch (error) {
    if (!ConfigurationError.isInstance(error)) throw error;
    return {
      checks: error.problems.map(
        (problem): DoctorCheck => ({
          check: 'settings',
          status: 'fail',
          detail: problem.message,
          code: error.code,
        }),
      ),
    };
  }
}
