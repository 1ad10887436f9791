import {
  Configuration,
  coreSettingsSections,
  createRuntime,
  defineSettingsSection,
  defineTool,
  inToolFamily,
  type OrkeonError,
  ServiceCollection,
  type ToolFamily,
  ToolService,
  toolFamilyOf,
} from '@orkeon/core';
import { captureLogger } from '@orkeon/testing';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import {
  type AddedToolFamilies,
  addSvcTools,
  type KnownToolFamily,
  knownToolFamilies,
  loadToolFamily,
  sessionSettings,
  shellSettings,
  ToolFamilyError,
  type ToolFamilyPackageLoader,
  toolFamilySettingsSections,
  type toolsErrorCodes,
} from '../../src/index.js';

const logger = () => captureLogger().logger;
const configuration = (tree = {}) =>
  Configuration.fromObject(tree, [...coreSettingsSections, sessionSettings, shellSettings]);

/** A family as another package would export it. */
const echoSettings = defineSettingsSection(
  'Svc:Tools:Echo',
  z.object({ Prefix: z.string().default('echo: ').describe('What each answer starts with.') }),
  { description: 'The echo family.' },
);
const echoFamily: ToolFamily = {
  name: 'echo',
  description: 'Says it again.',
  catalogue: [{ name: 'echo_text', access: 'Read', summary: 'Repeats the text.' }],
  settingsSections: [echoSettings],
  async createTools({ configuration: settings }) {
    const prefix = settings.get(echoSettings).Prefix;
    return [
      inToolFamily(
        defineTool({
          name: 'echo_text',
          description: 'Repeats the text.',
          input: z.strictObject({ text: z.string() }),
          access: 'Read',
          execute: async ({ text }) => `${prefix}${text}`,
        }),
        'echo',
      ),
    ];
  },
};
const known: readonly KnownToolFamily[] = [
  ...knownToolFamilies,
  { name: 'echo', packageName: '@orkeon/tools-echo', exportName: 'echoFamily', description: 'Says it again.' },
  { name: 'ghost', packageName: '@orkeon/tools-ghost', exportName: 'ghostFamily', description: 'Never installed.' },
];
const loadEcho: ToolFamilyPackageLoader = async (name) =>
  name === '@orkeon/tools-echo' ? { echoFamily } : import(name);

async function caught(work: Promise<unknown>): Promise<ToolFamilyError> {
  const error = await work.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(ToolFamilyError.isInstance(error), String(error)).toBe(true);
  return error as ToolFamilyError;
}

describe('addSvcTools', () => {
  it('changes what a runtime offers: the chosen families’ tools, marked with their family', async () => {
    const without = await createRuntime({ logger: logger() });
    expect(without.tools.get('session_stats')).toBeUndefined();
    await without.dispose();

    const services = new ServiceCollection();
    const added = await addSvcTools(services, configuration(), { families: ['session', 'shell'], logger: logger() });
    expect(added).toEqual({
      families: [
        { name: 'session', tools: ['session_store', 'session_snip', 'session_stats', 'session_cost', 'token_budget'] },
        { name: 'shell', tools: ['shell_command'] },
      ],
      skipped: [],
    });
    await using runtime = await createRuntime({ services, logger: logger() });
    expect(runtime.tools.names).toEqual(expect.arrayContaining(['session_store', 'token_budget', 'shell_command']));
    expect(toolFamilyOf(runtime.tools.require('session_cost'))).toBe('session');
    expect(toolFamilyOf(runtime.tools.require('shell_command'))).toBe('shell');
    expect(runtime.tools.require('session_store').access).toBe('Read');
  });

  it('builds the tools from the settings the families read', async () => {
    // A family's settings are judged by the sections it declares.
    const settings = Configuration.fromObject({ Svc: { Tools: { Echo: { Prefix: '>> ' } } } }, [
      ...coreSettingsSections,
      ...(await toolFamilySettingsSections({ known, load: loadEcho })),
    ]);
    const echoServices = new ServiceCollection();
    await addSvcTools(echoServices, settings, { families: ['echo'], known, load: loadEcho, logger: logger() });
    await using runtime = await createRuntime({ services: echoServices, logger: logger() });
    const result = await runtime.pipeline.invoke({
      tool: 'echo_text',
      input: { text: 'hi' },
      caller: { kind: 'host' },
    });
    expect(result.output).toBe('>> hi');
  });

  it('by default offers every family it can load and lists the ones it skipped, with the reason', async () => {
    const services = new ServiceCollection();
    const added = await addSvcTools(services, configuration(), {
      logger: logger(),
      known,
      load: async (name) => (name === '@orkeon/tools-echo' ? { echoFamily } : {}),
    });
    expect(added.families.map((family) => family.name)).toEqual(['shell', 'session', 'echo']);
    expect(added.skipped.map((family) => family.name)).toEqual(['web', 'data', 'database', 'email', 'code', 'ghost']);
    expect(added.skipped[0]?.reason).toBe(
      "The package @orkeon/tools-web is installed but does not export 'webFamily', the tool family 'web'. Install a version of @orkeon/tools-web that does.",
    );
  });

  it('warns about an installed family package that breaks on import, and still offers the others', async () => {
    const logs = captureLogger();
    const added = await addSvcTools(new ServiceCollection(), configuration(), {
      logger: logs.logger,
      load: async (name) => {
        if (name === '@orkeon/tools-web') throw new SyntaxError("Unexpected token '<'");
        return {};
      },
    });
    expect(added.families.map((family) => family.name)).toEqual(['shell', 'session']);
    const warnings = logs.records().filter((record) => record.level === 40 || record.level === 'warn');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ family: 'web', msg: 'tool family skipped' });
    expect(String(warnings[0]?.reason)).toBe(
      "The package @orkeon/tools-web of the tool family 'web' failed to load: Unexpected token '<'. Reinstall it.",
    );
  });

  it('leaves out a tool whose name the host registered: the host’s own choice wins', async () => {
    const own = defineTool({
      name: 'session_stats',
      description: 'The host’s own',
      input: z.strictObject({}),
      execute: async () => 'host',
    });
    const services = new ServiceCollection().addInstance(ToolService, own);
    const added = await addSvcTools(services, configuration(), { families: ['session'], logger: logger() });
    expect(added.families[0]?.tools).not.toContain('session_stats');
    await using runtime = await createRuntime({ services, logger: logger() });
    expect(runtime.tools.require('session_stats')).toBe(own);
    expect(runtime.tools.get('session_store')).toBeDefined();
  });

  it('names the npm package to install when a family’s package is missing (a real failed import)', async () => {
    const error = await caught(
      addSvcTools(new ServiceCollection(), configuration(), { families: ['ghost'], known, logger: logger() }),
    );
    expect(error.code).toBe('TOOLS_FAMILY_PACKAGE_MISSING');
    expect(error.message).toBe(
      "The tool family 'ghost' lives in the npm package @orkeon/tools-ghost, which is not installed. Install it (npm install @orkeon/tools-ghost), or leave the family out.",
    );
  });

  it('names the package through an injected loader that fails like Node does', async () => {
    const load: ToolFamilyPackageLoader = async (name) => {
      throw Object.assign(new Error(`Cannot find package '${name}' imported from /somewhere/index.js`), {
        code: 'ERR_MODULE_NOT_FOUND',
      });
    };
    const error = await caught(loadToolFamily('web', { load }));
    expect(error.code).toBe('TOOLS_FAMILY_PACKAGE_MISSING');
    expect(error.message).toContain('npm install @orkeon/tools-web');
  });

  it('tells a missing package apart from a package whose own dependency is missing', async () => {
    const load: ToolFamilyPackageLoader = async () => {
      throw Object.assign(
        new Error("Cannot find package 'cheerio' imported from /node_modules/@orkeon/tools-web/x.js"),
        {
          code: 'ERR_MODULE_NOT_FOUND',
        },
      );
    };
    const error = await caught(loadToolFamily('web', { load }));
    expect(error.code).toBe('TOOLS_FAMILY_LOAD_FAILED');
    expect(error.message).toContain("Cannot find package 'cheerio'");
  });

  it('refuses an unknown family, naming the known ones', async () => {
    const error = await caught(addSvcTools(new ServiceCollection(), configuration(), { families: ['sesion'] }));
    expect(error.code).toBe('TOOLS_FAMILY_UNKNOWN');
    expect(error.message).toBe(
      "Unknown tool family 'sesion'. Did you mean 'session'? Known families: shell, session, web, data, database, email, code.",
    );
  });

  it('refuses an installed package without its family object, and wraps a family that fails to build', async () => {
    const missing = await caught(loadToolFamily('data', { load: async () => ({ dataFamily: { name: 'data' } }) }));
    expect(missing.code).toBe('TOOLS_FAMILY_EXPORT_MISSING');
    const broken: ToolFamily = { ...echoFamily, createTools: async () => Promise.reject(new TypeError('boom')) };
    const failed = await caught(
      addSvcTools(new ServiceCollection(), configuration(), {
        families: ['echo'],
        known,
        load: async () => ({ echoFamily: broken }),
        logger: logger(),
      }),
    );
    expect(failed.code).toBe('TOOLS_FAMILY_LOAD_FAILED');
    expect(failed.message).toBe("The tool family 'echo' (@orkeon/tools-echo) could not build its tools: boom.");
  });

  it('gives every installed family’s settings sections, for judging Svc:Tools:* at start', async () => {
    const sections = await toolFamilySettingsSections({ known, load: loadEcho });
    expect(sections.map((section) => section.path)).toEqual(
      expect.arrayContaining(['Svc:Tools:Shell', 'Svc:Tools:Session', 'Svc:Tools:Echo']),
    );
    expect(() => Configuration.fromObject({ Svc: { Tools: { Session: { MaxSnips: 0 } } } }, sections)).toThrow(
      /Svc:Tools:Session:MaxSnips/,
    );
  });

  it('exports what library users import, typed', () => {
    expectTypeOf(addSvcTools).returns.resolves.toEqualTypeOf<AddedToolFamilies>();
    expectTypeOf(addSvcTools).parameter(2).exclude<undefined>().toHaveProperty('families');
    expectTypeOf(loadToolFamily).returns.resolves.toEqualTypeOf<ToolFamily>();
    expectTypeOf<ToolFamilyError>().toExtend<OrkeonError<keyof typeof toolsErrorCodes>>();
    expectTypeOf<ToolFamilyError['code']>().toEqualTypeOf<
      | 'TOOLS_FAMILY_UNKNOWN'
      | 'TOOLS_FAMILY_PACKAGE_MISSING'
      | 'TOOLS_FAMILY_EXPORT_MISSING'
      | 'TOOLS_FAMILY_LOAD_FAILED'
    >();
  });
});
