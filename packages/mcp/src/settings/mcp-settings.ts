import { defineSettingsSection } from '@orkeon/core';
import { z } from 'zod';
import { protocolVersions } from '../protocol/revisions.js';
import { mcpLogLevels } from '../server/call-notifications.js';
import { mcpAuthStoreSettingsSchema, mcpServerAuthSettingsSchema } from './mcp-auth-settings.js';
import { mcpServeAuthSettingsSchema } from './mcp-serve-auth-settings.js';

/** `Sse` is the original's name for the HTTP transport and is read as `Http`. */
export const mcpTransports = ['Stdio', 'Http', 'Sse'] as const;

const serverIdPattern = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

/** One entry of `MCP:Servers`: how to reach the server and which of its tools to take. */
export const mcpServerSettingsSchema = z
  .strictObject({
    Transport: z
      .enum(mcpTransports)
      .default('Stdio')
      .describe('Stdio (a child process) or Http (Streamable HTTP); Sse is read as Http.'),
    Command: z.string().min(1).optional().describe('Stdio: the program to start, e.g. npx or node.'),
    Args: z.array(z.string()).default([]).describe('Stdio: its arguments.'),
    Env: z
      .record(z.string(), z.string())
      .default({})
      .describe(
        'Stdio: environment variables of the child, added to HOME, LOGNAME, PATH, SHELL, TERM and USER; nothing else of Orkeon’s environment (no SVC_ variable) is passed.',
      ),
    Url: z
      .url({ protocol: /^https?$/ })
      .optional()
      .describe('Http: the MCP endpoint, e.g. https://mcp.example.com/mcp.'),
    Headers: z
      .record(z.string(), z.string())
      .default({})
      .describe('Http: headers sent with every request. Put credentials in BearerToken, not here.'),
    BearerToken: z
      .string()
      .min(1)
      .optional()
      .describe(
        'Http: sent as Authorization: Bearer <token> (a secret: give it as SVC_MCP__Servers__<id>__BearerToken; never logged).',
      ),
    Auth: mcpServerAuthSettingsSchema
      .optional()
      .describe('Http: OAuth 2.1 authorization (see docs/mcp.md, Protected servers). Not with BearerToken.'),
    Sampling: z
      .strictObject({
        Enabled: z
          .boolean()
          .default(false)
          .describe(
            "true: the server's sampling requests during a tool call are answered by the calling agent's model (behind the permission gate as an Execute action, within the run's budget).",
          ),
        MaxTokens: z.number().int().positive().default(1024).describe('Most tokens of one sampling answer.'),
      })
      .default({ Enabled: false, MaxTokens: 1024 })
      .describe('Sampling: whether this server may use the calling agent’s model.'),
    TimeoutSeconds: z
      .number()
      .positive()
      .max(3600)
      .default(60)
      .describe('Longest wait for one answer (a tool call, a list); a tool call that takes longer fails.'),
    LogLevel: z
      .enum(['off', ...mcpLogLevels])
      .default('off')
      .describe(
        "The least severe of the server's log messages (notifications/message) that reach Orkeon's log; off: none are asked for, any sent are dropped.",
      ),
    ProtocolVersion: z
      .enum(protocolVersions)
      .optional()
      .describe(
        'Pins the MCP revision: a legacy one skips the server/discover probe and offers and accepts only it in initialize; 2026-07-28 still asks server/discover once, with no fallback to initialize. Absent: negotiated.',
      ),
    Tools: z
      .array(z.string())
      .optional()
      .describe('Only these tools of the server join the registry (an allow-list); absent: all of them.'),
  })
  .superRefine((server, context) => {
    const transport = server.Transport === 'Stdio' ? 'Stdio' : 'Http';
    if (transport === 'Stdio' && server.Command === undefined)
      context.addIssue({ code: 'custom', path: ['Command'], message: 'a Stdio server needs Command (e.g. npx)' });
    if (transport === 'Http' && server.Url === undefined)
      context.addIssue({
        code: 'custom',
        path: ['Url'],
        message: 'an Http server needs Url (e.g. http://127.0.0.1:3001/mcp)',
      });
    if (server.Auth !== undefined && transport === 'Stdio')
      context.addIssue({
        code: 'custom',
        path: ['Auth'],
        message: 'Auth is for Http servers; a Stdio server is trusted as a local process',
      });
    if (server.Auth !== undefined && server.BearerToken !== undefined)
      context.addIssue({
        code: 'custom',
        path: ['BearerToken'],
        message: 'give either BearerToken (a fixed token) or Auth (OAuth), not both',
      });
    for (const name of Object.keys(server.Headers)) {
      if (name.toLowerCase() === 'authorization')
        context.addIssue({
          code: 'custom',
          path: ['Headers', name],
          message: 'credentials go in BearerToken, which is kept secret; remove Headers:Authorization',
        });
    }
  });

export type McpServerSettings = z.output<typeof mcpServerSettingsSchema>;

/** The `MCP` section: the MCP servers whose tools join every run. */
export const mcpSettings = defineSettingsSection(
  'MCP',
  z.object({
    Enabled: z.boolean().default(true).describe('false: no server is connected, whatever Servers lists.'),
    Servers: z
      .record(
        z.string().regex(serverIdPattern, 'a server id is a letter, then letters, digits, _ or -'),
        mcpServerSettingsSchema,
      )
      .default({})
      .describe('The MCP servers by id; their tools are named in YAML tools: one by one or all as mcp:<id>.'),
    Auth: mcpAuthStoreSettingsSchema
      .default({})
      .describe('Where the OAuth tokens of protected servers are kept, and the key that encrypts them.'),
    Serve: z
      .strictObject({
        Auth: mcpServeAuthSettingsSchema
          .optional()
          .describe('`orkeon mcp serve --http` as an OAuth protected resource: every request needs a bearer token.'),
      })
      .default({})
      .describe('The MCP server Orkeon serves.'),
  }),
  { description: 'MCP servers whose tools join the runtime, behind the invocation pipeline.' },
);

export type McpSettings = z.output<(typeof mcpSettings)['schema']>;

/** The transport a server entry uses, `Sse` read as `Http`. */
export function transportOf(server: McpServerSettings): 'Stdio' | 'Http' {
  return server.Transport === 'Stdio' ? 'Stdio' : 'Http';
}
