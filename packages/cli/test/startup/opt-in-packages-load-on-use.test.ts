import { describe, expect, it } from 'vitest';
import { loadedModulesOf } from './loaded-modules.js';

// `orkeon run` judges every settings section at start from the packages' `./settings` entries, and imports an
// opt-in package only when its section is present; the OpenTelemetry SDK only when something reads it; the MCP
// client only when a server is configured; the PostgreSQL stores only when a connection string is set.

const optIn = [
  'a2a',
  'cognitive-memory',
  'compliance',
  'dlp',
  'evaluation',
  'event-hub-postgres',
  'key-rotation',
  'mcp',
  'monitoring',
  'multimodal',
  'plugins',
  'rate-limiting',
  'store-postgres',
  'telemetry',
];
/** Whether the package's entry point (not only its `./settings`) was loaded. */
const entryLoaded = (modules: readonly string[], name: string) =>
  modules.some((url) => url.endsWith(`/packages/${name}/src/index.ts`));

describe('opt-in packages load on use', () => {
  const quickstart = new URL('../../../../examples/quickstart/', import.meta.url).pathname;

  it('orkeon run --validate without their sections loads only their settings', async () => {
    const { code, modules } = await loadedModulesOf(['run', '.', '-V', 'topic=bees', '--validate'], {
      cwd: quickstart,
    });
    expect(code).toBe(0);
    expect(optIn.filter((name) => entryLoaded(modules, name))).toEqual([]);
    expect(modules.some((url) => url.endsWith('/packages/dlp/src/settings.ts'))).toBe(true);
    // Nor their libraries: the MCP SDK, the OAuth library it signs in with, the PostgreSQL client.
    const libraries = ['/node_modules/@modelcontextprotocol/', '/node_modules/jose/', '/node_modules/pg/'];
    expect(libraries.filter((library) => modules.some((url) => url.includes(library)))).toEqual([]);
  }, 60_000);

  it('with a section present, its package loads', async () => {
    const { code, modules } = await loadedModulesOf(['run', '.', '-V', 'topic=bees', '--validate'], {
      cwd: quickstart,
      environment: { SVC_Svc__MultiModal__Enabled: 'true', SVC_Svc__Dlp__Enabled: 'true' },
    });
    expect(code).toBe(0);
    expect(entryLoaded(modules, 'multimodal')).toBe(true);
    expect(entryLoaded(modules, 'dlp')).toBe(true);
    expect(entryLoaded(modules, 'monitoring')).toBe(false);
    expect(entryLoaded(modules, 'telemetry')).toBe(false);
  }, 60_000);

  it('telemetry loads with an exporter in the settings, or with the monitoring backend', async () => {
    for (const environment of [{ SVC_Telemetry__ExportToConsole: 'true' }, { SVC_Svc__Monitoring__Enabled: 'true' }]) {
      const { code, modules } = await loadedModulesOf(['run', '.', '-V', 'topic=bees', '--validate'], {
        cwd: quickstart,
        environment,
      });
      expect(code).toBe(0);
      expect(entryLoaded(modules, 'telemetry'), JSON.stringify(environment)).toBe(true);
    }
  }, 60_000);

  it('a model’s AI SDK package loads at its first call, not when the crew is checked', async () => {
    const { code, modules } = await loadedModulesOf(['run', '.', '-V', 'topic=bees', '--validate'], {
      cwd: quickstart,
      environment: { SVC_Llm__Model: 'claude-sonnet-4-5', SVC_Llm__ApiKey: 'sk-ant-placeholder' },
    });
    expect(code).toBe(0);
    expect(modules.some((url) => url.includes('/packages/providers/src/dialect-model.ts'))).toBe(true);
    const dialects = ['openai', 'anthropic', 'azure', 'openai-compatible'];
    expect(dialects.filter((name) => modules.some((url) => url.includes(`/node_modules/@ai-sdk/${name}/`)))).toEqual(
      [],
    );
  }, 60_000);

  it('with an MCP server configured, the MCP client loads; with a PostgreSQL connection string, the stores', async () => {
    const { code, modules } = await loadedModulesOf(['run', '.', '-V', 'topic=bees', '--validate'], {
      cwd: quickstart,
      environment: {
        // A server that cannot start: its failure is reported and the crew still validates.
        SVC_MCP__Servers__missing__Transport: 'Stdio',
        SVC_MCP__Servers__missing__Command: 'orkeon-no-such-mcp-server',
        SVC_Svc__Checkpointing__Postgres__ConnectionString: 'postgres://orkeon@127.0.0.1:1/orkeon',
      },
    });
    expect(code).toBe(0);
    expect(entryLoaded(modules, 'mcp')).toBe(true);
    expect(entryLoaded(modules, 'store-postgres')).toBe(true);
  }, 60_000);
});
