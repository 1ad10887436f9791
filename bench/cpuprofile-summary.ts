// Summarises a V8 .cpuprofile (from `node --cpu-prof`): the functions with the most self time
// (time spent in the function's own code), the most inclusive time (the function and what it
// calls), and self time by where the code comes from (a package, Node's internals, GC).
// `node --import tsx bench/cpuprofile-summary.ts <file.cpuprofile> [how many rows] [ms to skip]`.
// Sampled time is wall time: a function the process was descheduled in (say a socket write that
// woke the load generator on the same core) is charged for the wait too.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

interface ProfileNode {
  readonly id: number;
  readonly callFrame: {
    readonly functionName: string;
    readonly url: string;
    readonly lineNumber: number;
    readonly columnNumber: number;
  };
  readonly children?: readonly number[];
}

interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly startTime: number;
  readonly endTime: number;
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

export interface ProfileEntry {
  readonly name: string;
  readonly where: string;
  readonly milliseconds: number;
  /** Of the busy time: every sample but `(idle)`. */
  readonly share: number;
}

export interface ProfileSummary {
  readonly busyMilliseconds: number;
  readonly idleMilliseconds: number;
  readonly self: readonly ProfileEntry[];
  readonly inclusive: readonly ProfileEntry[];
  readonly areas: readonly ProfileEntry[];
}

const repository = fileURLToPath(new URL('..', import.meta.url));

/** Where a function is, short: a path inside the repository or a package name and path. */
function whereOf(url: string, line: number): string {
  if (url === '') return '';
  const path = url.startsWith('file://') ? fileURLToPath(url) : url;
  const shown = path.startsWith(repository) ? path.slice(repository.length) : path;
  return `${shown.replace(/^.*\/node_modules\//, '')}:${line + 1}`;
}

/** The part of the program a function belongs to: a package, an Orkeon package's folder, Node, V8. */
function areaOf(node: ProfileNode): string {
  const { url, functionName } = node.callFrame;
  if (url === '') return functionName.startsWith('(') ? functionName : '(native V8 / C++)';
  if (url.startsWith('node:')) return 'node: internals';
  const path = url.startsWith('file://') ? fileURLToPath(url) : url;
  const ours = /\/packages\/([^/]+)\/(?:dist|src)\/(?:([^/]+)\/)?/.exec(path);
  if (ours !== null && !path.includes('/node_modules/'))
    return `@orkeon/${ours[1]}${ours[2] === undefined || ours[2].includes('.') ? '' : `/${ours[2]}`}`;
  const dependency = /.*\/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
  return dependency?.[1] ?? path;
}

/** `skipMilliseconds`: leave out the samples of the profile's first milliseconds (start-up, warm-up). */
export function summariseProfile(profile: CpuProfile, top = 25, skipMilliseconds = 0): ProfileSummary {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const key = (node: ProfileNode) =>
    `${node.callFrame.functionName || '(anonymous)'}\u0000${whereOf(node.callFrame.url, node.callFrame.lineNumber)}`;

  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const areas = new Map<string, number>();
  let busy = 0;
  let idle = 0;
  let at = profile.startTime;
  const from = profile.startTime + skipMilliseconds * 1000;
  profile.samples.forEach((id, index) => {
    at += profile.timeDeltas[index] ?? 0;
    // A sample's time is the delta to the next sample (the last one has none to measure by).
    const microseconds = profile.timeDeltas[index + 1] ?? 0;
    const node = byId.get(id);
    if (node === undefined || at < from) return;
    if (node.callFrame.functionName === '(idle)') {
      idle += microseconds;
      return;
    }
    busy += microseconds;
    self.set(key(node), (self.get(key(node)) ?? 0) + microseconds);
    areas.set(areaOf(node), (areas.get(areaOf(node)) ?? 0) + microseconds);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const frame = byId.get(at);
      if (frame === undefined || frame.callFrame.functionName === '(root)') continue;
      const name = key(frame);
      if (seen.has(name)) continue; // recursion counts once
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + microseconds);
    }
  });
  const entries = (totals: Map<string, number>, count: number): ProfileEntry[] =>
    [...totals.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, microseconds]) => {
        const [functionName = name, where = ''] = name.split('\u0000');
        return { name: functionName, where, milliseconds: microseconds / 1000, share: microseconds / busy };
      });
  return {
    busyMilliseconds: busy / 1000,
    idleMilliseconds: idle / 1000,
    self: entries(self, top),
    inclusive: entries(inclusive, top),
    areas: entries(areas, top),
  };
}

export function formatSummary(summary: ProfileSummary): string {
  const table = (title: string, rows: readonly ProfileEntry[]) => [
    `### ${title}`,
    '',
    '| % of busy | ms | function | where |',
    '| ---: | ---: | --- | --- |',
    ...rows.map(
      (row) => `| ${(row.share * 100).toFixed(1)} | ${row.milliseconds.toFixed(0)} | ${row.name} | ${row.where} |`,
    ),
    '',
  ];
  return [
    `Busy ${summary.busyMilliseconds.toFixed(0)} ms, idle ${summary.idleMilliseconds.toFixed(0)} ms.`,
    '',
    ...table('Self time by area', summary.areas),
    ...table('Self time by function', summary.self),
    ...table('Inclusive time by function', summary.inclusive),
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [file, top = '25', skip = '0'] = process.argv.slice(2);
  if (file === undefined) {
    process.stderr.write('Usage: cpuprofile-summary.ts <file.cpuprofile> [how many rows] [ms to skip]\n');
    process.exit(2);
  }
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  process.stdout.write(`${formatSummary(summariseProfile(profile, Number(top), Number(skip)))}\n`);
}
