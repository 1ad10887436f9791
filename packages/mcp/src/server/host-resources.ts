import { type McpResource, type McpResourceTemplate, resourceChanges } from './host-additions.js';
import { JsonRpcFailure, jsonRpcCodes } from './json-rpc.js';
import type { McpResourceContents, McpResourceDescription, McpResourceTemplateDescription } from './mcp-catalog.js';
import { resourceContents } from './mcp-content.js';
import { McpServerError } from './mcp-server-error.js';

/**
 * The host's resources and resource templates. `read` answers undefined for a URI
 * neither a resource nor a template claims, so the caller can try the crew's own.
 */
export function hostResources(
  resources: readonly McpResource[],
  templates: readonly McpResourceTemplate[],
  taken: readonly string[],
) {
  const byUri = new Map<string, McpResource>();
  for (const resource of resources) {
    if (byUri.has(resource.uri) || taken.includes(resource.uri))
      throw new McpServerError(
        'MCP_SERVE_RESOURCE_DUPLICATE',
        `The resource URI '${resource.uri}' is served twice (by two resources, or by a resource and a crew deliverable): give each its own URI.`,
      );
    byUri.set(resource.uri, resource);
  }
  const seen = new Set<string>();
  for (const template of templates) {
    if (seen.has(template.uriTemplate))
      throw new McpServerError(
        'MCP_SERVE_RESOURCE_DUPLICATE',
        `The resource template '${template.uriTemplate}' is served twice: keep one.`,
      );
    seen.add(template.uriTemplate);
  }
  return {
    list: (): McpResourceDescription[] => resources.map((resource) => describe(resource, { uri: resource.uri })),
    listTemplates: (): McpResourceTemplateDescription[] =>
      templates.map((template) => describe(template, { uriTemplate: template.uriTemplate })),
    /** Follows a resource or a URI of a template through its `changed()`; undefined for a URI neither claims. */
    watch(uri: string, changed: (uri: string) => void): (() => void) | undefined {
      const owner = byUri.get(uri) ?? templates.find((template) => template.compiled.match(uri) !== undefined);
      if (owner === undefined) return undefined;
      return owner[resourceChanges].listen((which) => {
        if (which === uri) changed(uri);
      });
    },
    async read(uri: string): Promise<McpResourceContents | undefined> {
      const resource = byUri.get(uri);
      if (resource !== undefined) return resourceContents(uri, await resource.read(), resource.mimeType);
      for (const template of templates) {
        const variables = template.compiled.match(uri);
        if (variables === undefined) continue;
        const body = await template.read(variables, uri);
        if (body === undefined)
          throw new JsonRpcFailure(
            jsonRpcCodes.invalidParams,
            `Resource not found: '${uri}' fits the template '${template.uriTemplate}', but nothing is there.`,
            { uri },
          );
        return resourceContents(uri, body, template.mimeType);
      }
      return undefined;
    },
  };
}

function describe<Key extends object>(
  definition: { name: string; title?: string; description?: string; mimeType?: string },
  key: Key,
) {
  return {
    ...key,
    name: definition.name,
    ...(definition.title === undefined ? {} : { title: definition.title }),
    ...(definition.description === undefined ? {} : { description: definition.description }),
    ...(definition.mimeType === undefined ? {} : { mimeType: definition.mimeType }),
  };
}
