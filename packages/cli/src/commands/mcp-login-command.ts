import { EnvironmentSecretStore } from '@orkeon/core';
import { loginToMcpServer, mcpSettings, openMcpTokenStore, transportOf } from '@orkeon/mcp';
import type { CliCommandAction } from '../cli-command.js';
import { ExitCode } from '../exit-codes.js';
import { UsageError } from '../usage-error.js';

/**
 * What `orkeon mcp login <server-id>` does: signs in to one protected MCP server (the browser
 * opens on the authorization server, which returns to a loopback redirect) and stores the
 * tokens that runs then use and refresh. A client-credentials entry gets its token directly.
 */
export const mcpLoginAction: CliCommandAction = {
  async run(context, command) {
    const [serverId] = command.args as [string];
    const options = command.opts<{ scope?: string; browser: boolean; timeout: string }>();
    const configuration = await context.configuration();
    const settings = configuration.get(mcpSettings);
    const server = settings.Servers[serverId];
    if (server === undefined)
      throw new UsageError(
        `No MCP server '${serverId}' in MCP:Servers; configured: ${Object.keys(settings.Servers).join(', ') || '(none)'}.`,
      );
    if (transportOf(server) !== 'Http' || server.Auth === undefined)
      throw new UsageError(
        `MCP server '${serverId}' does not use OAuth: give it Transport: Http, a Url and an Auth section (MCP:Servers:${serverId}:Auth, see docs/mcp.md).`,
      );
    const seconds = Number(options.timeout);
    if (!Number.isFinite(seconds) || seconds <= 0)
      throw new UsageError(`--timeout takes a number of seconds, e.g. --timeout 300; got '${options.timeout}'.`);
    const store = await openMcpTokenStore(settings.Auth, new EnvironmentSecretStore({ ...context.io.environment }));
    const result = await loginToMcpServer({
      serverId,
      server,
      store,
      ...(options.scope === undefined ? {} : { scopes: options.scope.split(/[\s,]+/).filter(Boolean) }),
      print: (line) => context.io.stderr.write(`${line}\n`),
      ...(options.browser ? {} : { openBrowser: false as const }),
      timeoutMilliseconds: seconds * 1000,
      signal: context.signal,
    });
    if (!result.authorized) {
      context.io.stdout.write(`MCP server '${serverId}' answered without asking for authorization: nothing stored.\n`);
      return ExitCode.ok;
    }
    const details = [
      result.scope === undefined ? undefined : `scope ${result.scope}`,
      result.expiresAt === undefined ? undefined : `expires ${result.expiresAt.toISOString()}`,
      result.refreshable ? 'refreshable' : 'not refreshable (sign in again when it expires)',
    ].filter((part) => part !== undefined);
    context.io.stdout.write(`Signed in to '${serverId}' (${details.join(', ')}); tokens stored in ${store.path}.\n`);
    return ExitCode.ok;
  },
};
