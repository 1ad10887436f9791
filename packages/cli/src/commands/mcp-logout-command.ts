import { EnvironmentSecretStore } from '@orkeon/core';
import { mcpSettings, openMcpTokenStore } from '@orkeon/mcp';
import type { CliCommandAction } from '../cli-command.js';
import { ExitCode } from '../exit-codes.js';

/** What `orkeon mcp logout <server-id>` does: removes the server's record from the token store (other servers keep theirs). */
export const mcpLogoutAction: CliCommandAction = {
  async run(context, command) {
    const [serverId] = command.args as [string];
    const settings = (await context.configuration()).get(mcpSettings);
    const store = await openMcpTokenStore(settings.Auth, new EnvironmentSecretStore({ ...context.io.environment }));
    const removed = await store.remove(serverId);
    context.io.stdout.write(
      removed
        ? `Forgot the tokens of '${serverId}' (${store.path}).\n`
        : `No stored tokens for '${serverId}' in ${store.path}.\n`,
    );
    return ExitCode.ok;
  },
};
