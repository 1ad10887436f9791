import { basename, isAbsolute, relative, resolve } from 'node:path';
import { closestMatch } from '@orkeon/core';
import type { CliCommandAction } from '../cli-command.js';
import type { CliContext } from '../cli-context.js';
import { ExitCode } from '../exit-codes.js';
import { crewNameFor, runProjectCommand } from '../init/crew-template.js';
import {
  apiKeyVariable,
  echoProviderName,
  findProvider,
  type ModelChoice,
  needsApiKey,
  providerChoiceNames,
  providerModel,
} from '../init/model-choice.js';
import { askModelChoice } from '../init/model-prompt.js';
import { type ScaffoldFile, scaffoldFiles, scaffoldPaths } from '../init/scaffold-files.js';
import { terminalQuestions } from '../init/terminal-questions.js';
import { refuseFilesInTheWay, writeScaffold } from '../init/write-scaffold.js';
import { UsageError } from '../usage-error.js';
import { visibleText } from '../visible-text.js';

interface InitOptions {
  provider?: string;
  model?: string;
  baseUrl?: string;
}

/**
 * What `orkeon init` does: judges the flags, makes sure nothing of the project exists yet, picks
 * the model (the flags; else questions on a terminal; else the offline echo model), writes the
 * files all or none and says how to run them. Its arguments, options and help are in
 * `init-command-definition.ts`.
 */
export const initAction: CliCommandAction = {
  async run(context, command) {
    const [dir] = command.args as [string | undefined];
    const options = command.opts<InitOptions>();
    const folder = resolve(context.io.workingDirectory, dir ?? '.');
    const flagged = choiceFromFlags(options);
    // Before any question: a person should not answer them only to be told the folder is taken.
    await refuseFilesInTheWay(folder, Object.values(scaffoldPaths));
    const choice = flagged ?? (onTerminal(context) ? await askOnTerminal(context) : { kind: 'echo' as const });
    const files = scaffoldFiles(crewNameFor(basename(folder)), choice);
    await writeScaffold(folder, files);
    context.io.stdout.write(summaryText(folder, context.io.workingDirectory, files, choice));
    return ExitCode.ok;
  },
};

/** The model the flags choose, `undefined` when none is given; a bad or incomplete one is a `UsageError`. */
function choiceFromFlags(options: InitOptions): ModelChoice | undefined {
  const extras = [
    ...(options.model === undefined ? [] : ['--model']),
    ...(options.baseUrl === undefined ? [] : ['--base-url']),
  ];
  if (options.provider === undefined) {
    if (extras.length === 0) return undefined;
    throw new UsageError(
      `${extras.join(' and ')} ${extras.length === 1 ? 'needs' : 'need'} --provider: name the provider too, e.g. --provider openai --model <id> (providers: ${providerChoiceNames.join(', ')}).`,
    );
  }
  const provider = findProvider(options.provider);
  if (provider === undefined) {
    const suggestion = closestMatch(options.provider.trim().toLowerCase(), providerChoiceNames);
    throw new UsageError(
      `--provider takes echo (the offline model, no key) or a provider of docs/models.md, not '${visibleText(options.provider)}'.${suggestion === undefined ? '' : ` Did you mean '${suggestion}'?`} Valid names: ${providerChoiceNames.join(', ')}.`,
    );
  }
  if (provider === echoProviderName) {
    if (extras.length === 0) return { kind: 'echo' };
    throw new UsageError(
      `--provider echo takes no ${extras.join(' or ')}: the echo model is offline and has no model id or endpoint. Leave ${extras.length === 1 ? 'it' : 'them'} out, or name a real provider.`,
    );
  }
  const missing = [
    ...(options.baseUrl === undefined && provider.defaultBaseUrl === undefined
      ? ['--base-url <url> (its endpoint, e.g. https://<resource>.openai.azure.com)']
      : []),
    ...(options.model === undefined && provider.defaultModel === undefined
      ? ['--model <id> (the deployment name)']
      : []),
  ];
  if (missing.length > 0)
    throw new UsageError(`--provider ${provider.key} has no default endpoint or model: give ${missing.join(' and ')}.`);
  const result = providerModel(provider, { model: options.model, baseUrl: options.baseUrl });
  if ('choice' in result) return result.choice;
  throw new UsageError(`--provider ${provider.key}: ${visibleText(result.problem)}.`);
}

function onTerminal(context: CliContext): boolean {
  return process.stdin.isTTY === true && context.io.stdout.isTTY === true;
}

async function askOnTerminal(context: CliContext): Promise<ModelChoice> {
  const questions = terminalQuestions(process.stdin, context.io.stdout, context.signal);
  try {
    return await askModelChoice(questions.ask, (text) => context.io.stdout.write(text));
  } finally {
    questions.close();
  }
}

function summaryText(
  folder: string,
  workingDirectory: string,
  files: readonly ScaffoldFile[],
  choice: ModelChoice,
): string {
  const where = relative(workingDirectory, folder);
  const shown = where === '' ? '.' : where.startsWith('..') || isAbsolute(where) ? folder : where;
  const model =
    choice.kind === 'echo'
      ? 'the offline echo model, no key'
      : `${choice.model} of ${choice.provider.vendor}, ${needsApiKey(choice) ? `key from ${apiKeyVariable}` : 'no key'}`;
  const width = Math.max(...files.map((file) => file.path.length));
  const steps = [
    ...(where === '' ? [] : [`cd ${shellWord(shown)}`]),
    ...(needsApiKey(choice) ? [`export ${apiKeyVariable}=<your key>`] : []),
    runProjectCommand,
  ];
  return [
    `Created a project in ${visibleText(shown)} (model: ${model}):`,
    ...files.map((file) => `  ${file.path.padEnd(width)}  ${file.about}`),
    'Run it:',
    ...steps.map((step) => `  ${visibleText(step)}`),
    '',
  ].join('\n');
}

/** `text` as one word of a POSIX shell command line. */
function shellWord(text: string): string {
  return /^[\w./@%+=:,-]+$/.test(text) ? text : `'${text.replaceAll("'", "'\\''")}'`;
}
