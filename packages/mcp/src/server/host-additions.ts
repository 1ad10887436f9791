import type { ToolContentInput } from '@orkeon/core';
import { ChangeSignal } from './change-signal.js';
import { McpServerError } from './mcp-server-error.js';
import { compileUriTemplate, type UriTemplate } from './uri-template.js';

/** A resource body: text as a string, bytes as a `Uint8Array` (served as base64 `blob`). */
export type McpResourceBody = string | Uint8Array;

export interface McpResourceDefinition {
  /** The fixed URI clients read, e.g. `notes://readme`. */
  readonly uri: string;
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  /** Default: `text/plain` for text, `application/octet-stream` for bytes. */
  readonly mimeType?: string;
  read(): McpResourceBody | Promise<McpResourceBody>;
}

export interface McpResourceTemplateDefinition {
  /** RFC 6570 level 1: literal text and `{name}` expressions, e.g. `notes://{id}/text`. */
  readonly uriTemplate: string;
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly mimeType?: string;
  /**
   * Reads the resource a URI names: `variables` are the template's values (percent-decoded).
   * Answer `undefined` when nothing is there: the client gets "resource not found".
   */
  read(
    variables: Readonly<Record<string, string>>,
    uri: string,
  ): McpResourceBody | undefined | Promise<McpResourceBody | undefined>;
}

export interface McpPromptArgumentDefinition {
  readonly name: string;
  readonly description?: string;
  /** Default false. A required argument missing from `prompts/get` is refused before `get` runs. */
  readonly required?: boolean;
}

/** A prompt message: its content is text (a string), an image, audio or an embedded resource, as `toolContent` takes them. */
export interface McpPromptMessageInput {
  readonly role: 'user' | 'assistant';
  readonly content: ToolContentInput;
}

export interface McpPromptDefinition {
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly arguments?: readonly McpPromptArgumentDefinition[];
  get(
    args: Readonly<Record<string, string>>,
  ):
    | readonly McpPromptMessageInput[]
    | { readonly description?: string; readonly messages: readonly McpPromptMessageInput[] }
    | Promise<
        | readonly McpPromptMessageInput[]
        | { readonly description?: string; readonly messages: readonly McpPromptMessageInput[] }
      >;
}

const kind = Symbol.for('orkeon.mcp-addition');
/** Where a resource's `changed()` is heard: the servers that serve it (shared by every copy of this module, as `kind`). */
export const resourceChanges = Symbol.for('orkeon.mcp-resource-changes');

export type McpResource = McpResourceDefinition & {
  readonly [kind]: 'resource';
  readonly [resourceChanges]: ChangeSignal;
  /** Tells the clients that follow this resource (`resources/subscribe`, `subscriptions/listen`) that it changed. */
  changed(): void;
};
export type McpResourceTemplate = McpResourceTemplateDefinition & {
  readonly [kind]: 'template';
  readonly [resourceChanges]: ChangeSignal;
  readonly compiled: UriTemplate;
  /** Tells the clients that follow `uri` (a URI this template names) that it changed. */
  changed(uri: string): void;
};
export type McpPrompt = McpPromptDefinition & { readonly [kind]: 'prompt' };

/**
 * What a host serves besides the runtime's tools and the crew's deliverables and
 * tasks. A library user passes it to `createMcpServer`; a crew module exports it as
 * `mcp` for `orkeon mcp serve`.
 */
export interface McpServerAdditions {
  readonly resources?: readonly McpResource[];
  readonly resourceTemplates?: readonly McpResourceTemplate[];
  readonly prompts?: readonly McpPrompt[];
}

/** A resource with a fixed URI, read when a client asks (`resources/read`). */
export function defineMcpResource(definition: McpResourceDefinition): McpResource {
  const what = `The MCP resource ${JSON.stringify(definition?.uri)}`;
  if (typeof definition?.uri !== 'string' || !/^[A-Za-z][A-Za-z0-9+.-]*:\S*$/.test(definition.uri))
    throw resourceInvalid(`${what} has no URI with a scheme: give one such as 'notes://readme'.`);
  checkCommon(definition, what, resourceInvalid);
  const signal = new ChangeSignal();
  const uri = definition.uri;
  return Object.freeze({
    ...definition,
    [kind]: 'resource' as const,
    [resourceChanges]: signal,
    changed: () => signal.emit(uri),
  });
}

/** A family of resources whose URIs fit a level-1 template; listed by `resources/templates/list`. */
export function defineMcpResourceTemplate(definition: McpResourceTemplateDefinition): McpResourceTemplate {
  const compiled = compileUriTemplate(definition?.uriTemplate);
  const what = `The MCP resource template '${definition.uriTemplate}'`;
  checkCommon(definition, what, resourceInvalid);
  const signal = new ChangeSignal();
  return Object.freeze({
    ...definition,
    compiled,
    [kind]: 'template' as const,
    [resourceChanges]: signal,
    changed(uri: string) {
      if (compiled.match(uri) === undefined)
        throw resourceInvalid(
          `${what} was told that '${uri}' changed, which it does not name: pass a URI that fits it.`,
        );
      signal.emit(uri);
    },
  });
}

/** A prompt (`prompts/get`) whose messages may hold text, images, audio and embedded resources. */
export function defineMcpPrompt(definition: McpPromptDefinition): McpPrompt {
  const what = `The MCP prompt ${JSON.stringify(definition?.name)}`;
  const invalid = (message: string) => new McpServerError('MCP_SERVE_PROMPT_INVALID', message);
  if (typeof definition?.get !== 'function') throw invalid(`${what} has no get(args) function returning its messages.`);
  checkCommon({ ...definition, read: definition.get }, what, invalid);
  const names = new Set<string>();
  for (const argument of definition.arguments ?? []) {
    if (typeof argument?.name !== 'string' || argument.name === '' || names.has(argument.name))
      throw invalid(`${what} has an argument without a name, or the same name twice: give each a distinct name.`);
    names.add(argument.name);
  }
  return Object.freeze({ ...definition, [kind]: 'prompt' as const });
}

/**
 * The additions a crew module exports as `mcp`, checked; none when it exports none.
 * Anything else there refuses the start, naming what was expected.
 */
export function mcpServerAdditionsOf(moduleExports: Readonly<Record<string, unknown>> | undefined): McpServerAdditions {
  const value = moduleExports?.mcp;
  if (value === undefined) return {};
  const refuse = (why: string) =>
    new McpServerError(
      'MCP_SERVE_ADDITIONS_INVALID',
      `The crew module's 'mcp' export ${why}: export { resources: [defineMcpResource(…)], resourceTemplates: [defineMcpResourceTemplate(…)], prompts: [defineMcpPrompt(…)] } (each list optional).`,
    );
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw refuse('is not an object');
  const lists: Record<string, 'resource' | 'template' | 'prompt'> = {
    resources: 'resource',
    resourceTemplates: 'template',
    prompts: 'prompt',
  };
  for (const [key, entry] of Object.entries(value)) {
    const expected = lists[key];
    if (expected === undefined) throw refuse(`has the unknown key '${key}'`);
    if (!Array.isArray(entry)) throw refuse(`has '${key}' that is not an array`);
    if (entry.some((item) => (item as { [kind]?: unknown } | null)?.[kind] !== expected))
      throw refuse(
        `has an entry in '${key}' that was not made by defineMcp${expected === 'template' ? 'ResourceTemplate' : expected === 'resource' ? 'Resource' : 'Prompt'}`,
      );
  }
  return value as McpServerAdditions;
}

function resourceInvalid(message: string): McpServerError {
  return new McpServerError('MCP_SERVE_RESOURCE_INVALID', message);
}

function checkCommon(
  definition: { name?: unknown; mimeType?: unknown; read?: unknown },
  what: string,
  invalid: (message: string) => McpServerError,
): void {
  if (typeof definition.name !== 'string' || definition.name.trim() === '')
    throw invalid(`${what} has no name: give a short one clients can show.`);
  if (
    definition.mimeType !== undefined &&
    (typeof definition.mimeType !== 'string' || !definition.mimeType.includes('/'))
  )
    throw invalid(
      `${what} has the mimeType ${JSON.stringify(definition.mimeType)}: give a media type such as 'text/plain'.`,
    );
  if (typeof definition.read !== 'function') throw invalid(`${what} has no read function.`);
}
