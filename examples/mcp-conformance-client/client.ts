// The MCP client entry point the official conformance suite drives:
//   conformance client --command "node --conditions=@orkeon/source --import tsx examples/mcp-conformance-client/client.ts"
// The suite starts a scenario server and runs this file with its URL as the last
// argument, the scenario's name in MCP_CONFORMANCE_SCENARIO and, for authorization
// scenarios, the client's credentials in MCP_CONFORMANCE_CONTEXT. It uses Orkeon's own
// client (McpClient): the dual-era negotiation, OAuth through a sign-in session, then what
// the scenario expects. The scenario's authorization server approves at once, so the
// "browser" here only follows its redirect back to the loopback address; a server's form
// (elicitation) is accepted with nothing filled in, so the client's SEP-1034 defaults make
// the answer: an example's answers, not a person's.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '@orkeon/core';
import {
  McpClient,
  type McpServerAuthSettings,
  McpTokenStore,
  mcpServerSettingsSchema,
  openMcpSignInSession,
} from '@orkeon/mcp';

const url = process.argv.at(-1);
if (url === undefined || !/^https?:\/\//.test(url)) {
  process.stderr.write('Give the MCP server URL as the last argument, e.g. http://localhost:3001/mcp\n');
  process.exit(1);
}
const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? 'initialize';
const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}') as Record<string, string | undefined>;
const logger = createLogger({ level: 'info' });

/** Arguments for the scenario servers' tools, by name; other tools are listed, not called. */
const argumentsFor: Record<string, Record<string, unknown>> = {
  add_numbers: { a: 5, b: 3 },
};

/** The Auth section a person would write for the scenario's server, from the credentials it hands out. */
function authFor(): Partial<McpServerAuthSettings> | undefined {
  if (!scenario.startsWith('auth/')) return undefined;
  const { client_id: clientId, client_secret: clientSecret, private_key_pem: privateKey } = context;
  if (context.idp_id_token !== undefined)
    return {
      Flow: 'CrossAppAccess',
      ClientId: clientId,
      ClientSecret: clientSecret,
      IdentityProvider: {
        TokenEndpoint: context.idp_token_endpoint,
        ClientId: context.idp_client_id,
        IdToken: context.idp_id_token,
      },
    };
  if (privateKey !== undefined)
    return {
      Flow: 'ClientCredentials',
      ClientId: clientId,
      PrivateKey: privateKey,
      TokenEndpointAuthMethod: 'private_key_jwt',
      SigningAlgorithm: context.signing_algorithm ?? 'ES256',
    };
  if (scenario.includes('client-credentials'))
    return { Flow: 'ClientCredentials', ClientId: clientId, ClientSecret: clientSecret };
  if (clientId !== undefined) return { ClientId: clientId, ClientSecret: clientSecret };
  // Used where the authorization server supports client ID metadata documents; elsewhere the client registers.
  return { ClientMetadataUrl: 'https://conformance-test.local/client-metadata.json' };
}

/** Stands in for the person's browser: the scenario's server approves at once and redirects to the loopback address. */
async function followRedirect(authorizationUrl: string): Promise<boolean> {
  const approval = await fetch(authorizationUrl, { redirect: 'manual' });
  const location = approval.headers.get('location');
  if (location !== null) await fetch(location);
  return location !== null;
}

const auth = authFor();
const settings = mcpServerSettingsSchema.parse({
  Transport: 'Http',
  Url: url,
  TimeoutSeconds: 20,
  ...(auth === undefined ? {} : { Auth: auth }),
});
const folder = await mkdtemp(join(tmpdir(), 'orkeon-conformance-'));
const session =
  settings.Auth === undefined
    ? undefined
    : await openMcpSignInSession({
        serverId: 'conformance',
        server: settings,
        store: new McpTokenStore({ path: join(folder, 'credentials.json') }),
        print: (line) => logger.info(line),
        openBrowser: followRedirect,
      });
try {
  const client = await McpClient.connect('conformance', settings, {
    logger,
    elicitation: async () => ({ action: 'accept', content: {} }),
    ...(session === undefined ? {} : { fetch: session.fetch }),
  });
  try {
    logger.info(`scenario ${scenario}: connected with ${client.protocolVersion} (${client.era})`);
    const tools = await client.listTools();
    if (scenario !== 'initialize') {
      for (const tool of tools) {
        const input = argumentsFor[tool.name] ?? (tool.inputSchema.required?.length ? undefined : {});
        if (input === undefined) continue;
        const result = await client.callTool(tool.name, input);
        logger.info(`called ${tool.name}: ${JSON.stringify(result.content)}`);
      }
    }
  } finally {
    await client.close();
  }
} finally {
  await session?.close();
  await rm(folder, { recursive: true, force: true });
}
