import { resolve } from 'node:path';
import {
  BudgetExhaustedError,
  type CrewDefinition,
  checkedConversationId,
  EventHubService,
  parseMailboxAddress,
  type RunEvent,
  type Runtime,
  type RunOptions as RuntimeRunOptions,
  withCrewRunSpan,
} from '@orkeon/core';
import type { CliCommandAction } from '../cli-command.js';
import type { CliContext } from '../cli-context.js';
import { ExitCode } from '../exit-codes.js';
import { failureLine } from '../failure-line.js';
import { createCliRuntime, missingCrewMounts } from '../run/create-cli-runtime.js';
import { jsonlEventWriter } from '../run/jsonl-event-writer.js';
import { jsonlHumanInput } from '../run/jsonl-human-input.js';
import { loadRunTarget, type RunTarget } from '../run/load-run-target.js';
import { parseRerunTriggers, ResourceReruns } from '../run/resource-reruns.js';
import { crewFolderOf, parseVariables } from '../run/run-arguments.js';
import { taskListRenderer } from '../run/task-list-renderer.js';
import { writeToolListing } from '../run/tool-listing.js';
import { terminalHumanInput } from '../terminal-permission-prompt.js';
import { UsageError } from '../usage-error.js';

interface RunOptions {
  mount?: string[];
  var?: string[];
  validate?: boolean;
  listTools?: boolean;
  events?: string;
  stream?: boolean;
  client?: string;
  resume?: boolean;
  state?: string;
  thread?: string;
  resource?: string;
  rerunOn?: string[];
}

/** What `orkeon run` does; its arguments, options and help are in `run-command-definition.ts`. */
export const runAction: CliCommandAction = {
  async run(context, command) {
    const [crewPath] = command.args as [string];
    const options = command.opts<RunOptions>();
    if (options.events !== undefined && options.events !== 'jsonl') {
      throw new UsageError(`--events takes 'jsonl', not '${options.events}'.`);
    }
    const hubClient = checkedHubClient(options);
    // A thread or resource id that cannot be used is a usage error, found before anything starts.
    if (options.thread !== undefined) checkedConversationId('thread', options.thread);
    if (options.resource !== undefined) checkedConversationId('resource', options.resource);
    const rerunTriggers = parseRerunTriggers(options.rerunOn ?? []);
    const crewFolder = crewFolderOf(crewPath, context.io.workingDirectory);
    const configuration = await context.configuration({ searchDirectories: [crewFolder] });
    const logger = await context.logger();
    const jsonl = options.events === 'jsonl';
    // One live task list per run (a crew run again by --rerun-on draws a new one).
    let renderer = jsonl ? undefined : taskListRenderer(context.io.stderr);
    // Log lines go above the live list, which is drawn again below them.
    if (renderer !== undefined) context.routeLogLines((text) => renderer?.print(text.replace(/\n$/, '')));
    const emit = jsonl ? jsonlEventWriter(context.io.stdout) : (event: RunEvent) => renderer?.onEvent(event);
    // Hub lines are read from the first byte of stdin, beside input.given lines (read below).
    const hubBridge = hubClient === undefined ? undefined : await openHubBridge(hubClient);
    // One channel for people: input.given lines on stdin with --events jsonl, else a terminal prompt, else none.
    const jsonlInput = jsonl ? jsonlHumanInput(process.stdin) : undefined;
    const humanInput = jsonlInput ?? terminalHumanInput(process.stdin, context.io.stderr);
    const { runtime, close: closeRuntime } = await createCliRuntime({
      configuration,
      logger,
      crewFolder,
      workingDirectory: context.io.workingDirectory,
      mounts: options.mount ?? [],
      humanInput,
      onEvent: emit,
      jsonl,
      stdout: context.io.stdout,
      ...(options.state === undefined ? {} : { statePath: resolve(context.io.workingDirectory, options.state) }),
    });
    const close = async () => {
      await hubBridge?.close();
      jsonlInput?.close();
      await closeRuntime();
    };
    try {
      if (options.listTools === true) {
        await writeToolListing(context.io.stdout, runtime.tools.list(), { jsonl });
        return ExitCode.ok;
      }
      const variables = parseVariables(options.var ?? []);
      const target = await loadRunTarget(resolve(context.io.workingDirectory, crewPath), {
        variables,
        tools: runtime.tools.list(),
      });
      if (target.kind === 'crew') {
        const missing = missingCrewMounts(runtime, target.crew.mounts);
        if (missing !== undefined) throw new UsageError(missing);
      }
      if (options.validate === true) {
        context.io.stdout.write(validationReport(target, runtime));
        return ExitCode.ok;
      }
      if (target.kind === 'script') {
        if (rerunTriggers.length > 0) throw new UsageError('--rerun-on runs a crew again; a script cannot take it.');
        return await runScript(target, { context, runtime, variables });
      }
      // The run's outside peer on the event hub: hub lines in, hub.message events out.
      hubBridge?.connect(runtime.services.get(EventHubService));
      const runOnce = (resume: boolean) =>
        runCrewTarget(target.crew, {
          context,
          runtime,
          deltas: options.stream === true && jsonl,
          resume,
          ...(options.thread === undefined ? {} : { thread: options.thread }),
          ...(options.resource === undefined ? {} : { resource: options.resource }),
          printOutput: !jsonl,
          stopRenderer: () => renderer?.stop(),
          ...(hubBridge === undefined ? {} : { onEmitter: hubBridge.onEmitter }),
        });
      if (rerunTriggers.length === 0) return await runOnce(options.resume === true);
      // Followed before the first run, so a change during it is not missed.
      const reruns = await ResourceReruns.follow(runtime, rerunTriggers);
      try {
        let code = await runOnce(options.resume === true);
        for (
          let changed = await reruns.next(context.signal);
          changed !== undefined;
          changed = await reruns.next(context.signal)
        ) {
          context.io.stderr.write(`orkeon: ${changed.join(', ')} changed; running the crew again (Ctrl+C stops)\n`);
          if (!jsonl) renderer = taskListRenderer(context.io.stderr);
          code = await runOnce(false);
        }
        return context.signal.aborted ? ExitCode.interrupted : code;
      } finally {
        await reruns.close();
      }
    } finally {
      await close();
    }
  },
};

async function runCrewTarget(
  crew: CrewDefinition,
  options: {
    context: CliContext;
    runtime: Runtime;
    deltas: boolean;
    resume: boolean;
    thread?: string;
    resource?: string;
    printOutput: boolean;
    stopRenderer: () => void;
    onEmitter?: RuntimeRunOptions['onEmitter'];
  },
): Promise<ExitCode> {
  const { context, runtime } = options;
  const result = await runtime.run(crew, {
    signal: context.signal,
    resume: options.resume,
    deltas: options.deltas,
    ...(options.thread === undefined ? {} : { thread: options.thread }),
    ...(options.resource === undefined ? {} : { resource: options.resource }),
    ...(options.onEmitter === undefined ? {} : { onEmitter: options.onEmitter }),
  });
  options.stopRenderer();
  if (result.interrupted === true) return ExitCode.interrupted;
  if (result.budgetExhausted !== undefined) {
    if (options.printOutput && result.output !== '')
      context.io.stdout.write(`\n=== Crew Output (stopped by the budget) ===\n${result.output}\n`);
    const { dimension, limit, used, earlier } = result.budgetExhausted;
    const round = (value: number) => Math.round(value * 10_000) / 10_000;
    const before = earlier === undefined ? '' : `, ${round(earlier)} of them before this resume`;
    context.io.stderr.write(
      failureLine(
        'CREW_BUDGET_EXHAUSTED',
        // A limit kept outside the crew's budget (TokenBudget:…): its error's message names the setting to raise.
        result.budgetExhausted.setting !== undefined
          ? new BudgetExhaustedError(result.budgetExhausted).message
          : `Crew budget exhausted: ${dimension} (used ${round(used)} of ${limit}${before}). Finished task outputs are kept; raise budget.${dimension} and run again with --resume to continue.`,
      ),
    );
    return ExitCode.runFailed;
  }
  if (result.success && result.deliverableFailure === undefined) {
    if (options.printOutput) context.io.stdout.write(`\n=== Crew Output ===\n${result.output}\n`);
    return ExitCode.ok;
  }
  if (options.printOutput && result.output !== '')
    context.io.stdout.write(`\n=== Crew Output (incomplete) ===\n${result.output}\n`);
  context.io.stderr.write(
    result.deliverableFailure !== undefined
      ? failureLine('CREW_RUN_FAILED', result.deliverableFailure)
      : failureLine(result.error?.code ?? 'CREW_RUN_FAILED', result.error?.message ?? 'the crew did not succeed'),
  );
  return ExitCode.runFailed;
}

async function runScript(
  target: Extract<RunTarget, { kind: 'script' }>,
  options: { context: CliContext; runtime: Runtime; variables: Readonly<Record<string, string>> },
): Promise<ExitCode> {
  const { context, runtime } = options;
  // Scripts are traced like crews: a crew.run span around the whole script, its model calls beneath.
  const script = { name: target.name, process: 'script' };
  const caller = { kind: 'script' as const, agent: 'script', crew: script.name, process: script.process };
  const llm = runtime.llmClient({ caller });
  const result = await withCrewRunSpan(script, async () =>
    target.run({
      llm,
      tools: {
        names: runtime.tools.names,
        call: (name, input) => runtime.pipeline.invoke({ tool: name, input, caller, signal: context.signal }),
      },
      vfs: runtime.vfs.agentView(),
      logger: runtime.logger,
      signal: context.signal,
      variables: options.variables,
    }),
  );
  if (context.signal.aborted) return ExitCode.interrupted;
  context.io.stdout.write(`${JSON.stringify(result ?? null, null, 2)}\n`);
  return ExitCode.ok;
}

/** The event hub client name of `--events jsonl` (`--client`, default `cli`); none without jsonl. */
function checkedHubClient(options: RunOptions): string | undefined {
  if (options.events !== 'jsonl') {
    if (options.client !== undefined)
      throw new UsageError(
        '--client names the event hub client of --events jsonl; add --events jsonl, or drop --client.',
      );
    return undefined;
  }
  const name = options.client ?? 'cli';
  try {
    parseMailboxAddress(`client://${name}`);
  } catch {
    throw new UsageError(
      `--client takes a mailbox name (1 to 200 letters, digits, '_', '.', ':' or '-'), not '${name}'.`,
    );
  }
  return name;
}

// Loaded only with --events jsonl, so a run without it never imports the bridge.
async function openHubBridge(client: string) {
  const { jsonlHubBridge } = await import('../run/jsonl-hub-bridge.js');
  return jsonlHubBridge({ client, input: process.stdin });
}

function validationReport(target: RunTarget, runtime: Runtime): string {
  if (target.kind === 'script') return `VALIDATION OK: script (tools available=${runtime.tools.names.length})\n`;
  const crew = target.crew;
  const tools = new Set(crew.agents.flatMap((agent) => agent.tools).concat(crew.tasks.flatMap((task) => task.tools)));
  return `VALIDATION OK: ${crew.name} (process=${crew.process}, agents=${crew.agents.length}, tasks=${crew.tasks.length}, tools resolved=${tools.size})\n`;
}
