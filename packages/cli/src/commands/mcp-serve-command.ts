import { resolve } from 'node:path';
import type { CrewDefinition } from '@orkeon/core';
import {
  claimMcpServe,
  createMcpServer,
  type McpServerAdditions,
  McpServerError,
  mcpServeEnvironmentVariable,
  mcpServerAdditionsOf,
  mcpSettings,
  parseAllowedOrigins,
  parseHttpAddress,
  serveMcpOverStdio,
  startMcpHttpServer,
} from '@orkeon/mcp';
import type { CliCommandAction } from '../cli-command.js';
import type { CliContext } from '../cli-context.js';
import { ExitCode } from '../exit-codes.js';
import { createCliRuntime } from '../run/create-cli-runtime.js';
import { loadRunTarget } from '../run/load-run-target.js';
import { crewFolderOf, parseVariables } from '../run/run-arguments.js';
import { UsageError } from '../usage-error.js';
import { cliVersion } from '../version.js';

interface McpServeOptions {
  tools?: string;
  http?: string;
  allowOrigin?: string[];
  mount?: string[];
  var?: string[];
  state?: string;
}

/**
 * What `orkeon mcp serve` does (options in `mcp-command-definition.ts`): builds the
 * runtime `orkeon run` uses, with standard output kept for the protocol, and serves it
 * over stdio until standard input closes, or over HTTP until Ctrl+C.
 */
export const mcpServeAction: CliCommandAction = {
  async run(context, command) {
    const [crewPath] = command.args as [string | undefined];
    const options = command.opts<McpServeOptions>();
    try {
      claimMcpServe(context.io.environment);
    } catch (error) {
      return refuse(context, error);
    }
    try {
      return await serve(context, crewPath, options);
    } catch (error) {
      return refuse(context, error);
    } finally {
      delete process.env[mcpServeEnvironmentVariable];
    }
  },
};

async function serve(context: CliContext, crewPath: string | undefined, options: McpServeOptions): Promise<ExitCode> {
  const tools = options.tools?.split(',').map((name) => name.trim());
  if (tools?.some((name) => name === ''))
    throw new UsageError(
      `--tools '${options.tools}' has an empty name: give names separated by commas, e.g. --tools file_read,file_list.`,
    );
  const address = options.http === undefined ? undefined : parseHttpAddress(options.http);
  const allowedOrigins = parseAllowedOrigins(options.allowOrigin ?? []);
  const workingDirectory = context.io.workingDirectory;
  const crewFolder = crewPath === undefined ? workingDirectory : crewFolderOf(crewPath, workingDirectory);
  const configuration = await context.configuration({ searchDirectories: [crewFolder] });
  const logger = await context.logger();
  // Standard output carries the protocol over stdio: the runtime must write nothing there.
  const { runtime, close } = await createCliRuntime({
    configuration,
    logger,
    crewFolder,
    workingDirectory,
    mounts: options.mount ?? [],
    jsonl: true,
    ...(options.state === undefined ? {} : { statePath: resolve(workingDirectory, options.state) }),
  });
  try {
    let crew: CrewDefinition | undefined;
    // A crew module may export `mcp`: resources, resource templates and prompts to serve beside the crew's.
    let additions: McpServerAdditions = {};
    if (crewPath !== undefined) {
      const target = await loadRunTarget(resolve(workingDirectory, crewPath), {
        variables: parseVariables(options.var ?? []),
        tools: runtime.tools.list(),
      });
      if (target.kind === 'script')
        throw new UsageError('orkeon mcp serve needs a crew (or none): a script has no agents to serve.');
      crew = target.crew;
      additions = mcpServerAdditionsOf(target.exports);
    }
    const server = createMcpServer({
      runtime,
      ...additions,
      ...(crew === undefined ? {} : { crew }),
      ...(tools === undefined ? {} : { tools }),
      identity: { name: 'Orkeon', version: cliVersion },
    });
    const served = runtime.tools.list().length;
    if (address !== undefined) {
      const authorization = configuration.get(mcpSettings).Serve.Auth;
      const http = await startMcpHttpServer({
        dispatcher: server,
        ...address,
        allowedOrigins,
        ...(authorization === undefined ? {} : { authorization }),
      }).catch((error: unknown) => {
        if (McpServerError.isInstance(error)) throw error;
        throw new McpServerError(
          'MCP_SERVE_ADDRESS_INVALID',
          `Cannot listen on ${options.http}: ${(error as Error).message}. Choose another port or host.`,
          { cause: error },
        );
      });
      if (authorization === undefined && !isLoopbackHost(address.host))
        context.io.stderr.write(
          `orkeon: warning: ${options.http} is reachable beyond this machine and MCP:Serve:Auth is not set: anyone who reaches it can call the served tools.\n`,
        );
      context.io.stderr.write(
        `orkeon: MCP server at ${http.url}${crew === undefined ? '' : ` (crew '${crew.name}')`}${authorization === undefined ? '' : `, tokens from ${authorization.Issuer}`}; Ctrl+C stops\n`,
      );
      logger.info({ url: http.url, tools: served }, 'MCP server ready');
      await new Promise<void>((done) => {
        if (context.signal.aborted) done();
        else context.signal.addEventListener('abort', () => done(), { once: true });
      });
      await http.close();
      return ExitCode.ok;
    }
    logger.info({ tools: served }, 'MCP server ready on stdio');
    context.signal.addEventListener('abort', () => process.stdin.destroy(), { once: true });
    await serveMcpOverStdio({
      dispatcher: server,
      input: process.stdin,
      output: context.io.stdout,
      onProblem: (problem) => logger.warn(problem),
    });
    return ExitCode.ok;
  } finally {
    await close();
  }
}

/** A refused start: one line naming the problem and the fix, exit code 1. */
function refuse(context: CliContext, error: unknown): ExitCode {
  if (!McpServerError.isInstance(error)) throw error;
  context.io.stderr.write(`orkeon: ${error.code}: ${error.message}\n`);
  return ExitCode.usage;
}

function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || host.startsWith('127.');
}
