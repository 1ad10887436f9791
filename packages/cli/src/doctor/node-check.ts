import type { DoctorCheck } from './doctor-check.js';

export const minimumNodeVersion = '22.12.0';

export function checkNode(version: string = process.versions.node): DoctorCheck {
  const supported = compareVersions(version, minimumNodeVersion) >= 0;
  return supported
    ? { check: 'node', status: 'ok', detail: `Node ${version} (supported: >= ${minimumNodeVersion})` }
    : {
        check: 'node',
        status: 'fail',
        code: 'CLI_NODE_UNSUPPORTED',
        detail: `Node ${version} is too old: Orkeon needs Node >= ${minimumNodeVersion}. Install Node 24 LTS, or run ./orkeon from the repository, which provisions it.`,
      };
}

function compareVersions(a: string, b: string): number {
  const left = a.split('.').map(Number);
  const right = b.split('.').map(Number);
  for (let index = 0; index < 3; index++) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}
