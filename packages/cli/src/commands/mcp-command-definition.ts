import type { CliCommand } from '../cli-command.js';

/** `orkeon mcp serve`: its arguments, options and help; the server is imported only when it runs. */
const mcpServeCommand: CliCommand = {
  name: 'serve',
  summary: "serve the runtime's tools (and a crew's agents, deliverables and tasks) over MCP, both protocol eras",
  configure(command) {
    command
      .argument('[crew]', 'crew.yaml, a crew folder, or crew.ts: its agents become ask_<agent-id> tools')
      .option('--tools <names>', 'serve only these tools, comma-separated (an unknown name refuses the start)')
      .option('--http <host:port>', 'Streamable HTTP at http://host:port/mcp instead of stdio (a bare port: loopback)')
      .option('--allow-origin <host...>', 'host names of web pages allowed to call the HTTP server (repeatable)')
      .option('-m, --mount <mount...>', 'physical:virtual:rights[;subpath:rights] (repeatable)')
      .option('-V, --var <key=value...>', 'a value for a {KEY} placeholder of a YAML crew (repeatable)')
      .option('--state <file>', 'checkpoint database (default: .orkeon/state.db beside the crew)')
      .addHelpText(
        'after',
        '\nServes 2026-07-28 (per-request _meta, server/discover) and 2025-11-25, 2025-06-18, 2024-11-05 (initialize) at once.\nOver stdio it stops with exit code 0 when standard input closes.\nExamples:\n  orkeon mcp serve --tools file_read,file_list\n  orkeon mcp serve examples/quickstart -V topic=octopuses --http 127.0.0.1:8808',
      );
  },
  run: async (context, command) => (await import('./mcp-serve-command.js')).mcpServeAction.run(context, command),
};

/** `orkeon mcp list`: the configured MCP servers, their negotiated revision and tools. */
const mcpListCommand: CliCommand = {
  name: 'list',
  summary: 'show the configured MCP servers, their negotiated revision and their tools',
  configure(command) {
    command.argument('[server-id]', 'show only this server');
  },
  run: async (context, command) => (await import('./mcp-list-command.js')).mcpListAction.run(context, command),
};

/** `orkeon mcp login <server-id>`: signs in to a protected MCP server and stores its tokens. */
const mcpLoginCommand: CliCommand = {
  name: 'login',
  summary: 'sign in to an MCP server protected by OAuth and store its tokens for later runs',
  configure(command) {
    command
      .argument('<server-id>', 'an MCP:Servers entry with Transport Http and an Auth section')
      .option('--scope <scopes>', 'ask for these scopes (space- or comma-separated) instead of the configured ones')
      .option('--no-browser', 'print the sign-in URL without opening a browser')
      .option('--timeout <seconds>', 'how long to wait for the sign-in to come back', '300')
      .addHelpText(
        'after',
        '\nThe browser returns to http://127.0.0.1:<port>/callback on this machine (Auth:RedirectPort, default any free port).\nTokens go to MCP:Auth:TokenStore (default ~/.orkeon/mcp-credentials.json), owner-only, encrypted when\nMCP:Auth:EncryptionKeySecretName names a key. BROWSER picks the browser.\nExample:\n  orkeon mcp login github',
      );
  },
  run: async (context, command) => (await import('./mcp-login-command.js')).mcpLoginAction.run(context, command),
};

/** `orkeon mcp logout <server-id>`: forgets a server's stored tokens. */
const mcpLogoutCommand: CliCommand = {
  name: 'logout',
  summary: "forget an MCP server's stored tokens and registration",
  configure(command) {
    command.argument('<server-id>', 'the MCP:Servers entry to sign out of');
  },
  run: async (context, command) => (await import('./mcp-logout-command.js')).mcpLogoutAction.run(context, command),
};

/** `orkeon mcp`: the verb group of the Model Context Protocol. */
export const mcpCommand: CliCommand = {
  name: 'mcp',
  summary: 'MCP: serve Orkeon to MCP clients, list the MCP servers Orkeon uses, sign in to protected ones',
  configure() {},
  run: async () => undefined,
  subcommands: [mcpServeCommand, mcpListCommand, mcpLoginCommand, mcpLogoutCommand],
};
