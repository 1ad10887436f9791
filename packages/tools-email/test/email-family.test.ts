import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  Configuration,
  coreSettingsSections,
  createRuntime,
  type SettingsTree,
  type Tool,
  type ToolFamily,
  toolFamilyOf,
} from '@orkeon/core';
import { captureLogger } from '@orkeon/testing';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import {
  createEmailSearchTool,
  type EmailSearchInput,
  type EmailSettings,
  type EmailSettingsInput,
  emailFamily,
  emailSettings,
} from '../src/index.js';
import { alice, createEmailFixture, type EmailFixture, textMessage } from './email-fixture.js';

let fixture: EmailFixture;

beforeAll(async () => {
  fixture = await createEmailFixture();
  await fixture.seed(textMessage({ subject: 'Pipeline check', body: 'through the runtime' }));
}, 120_000);

afterAll(async () => {
  await fixture?.[Symbol.asyncDispose]();
});

const expectedCatalogue = {
  email_accounts: 'Read',
  email_folders: 'Read',
  email_search: 'Read',
  email_read: 'Read',
  email_parser: 'Read',
  email_save_attachment: 'Edit',
  email_create_folder: 'Edit',
  email_rename_folder: 'Edit',
  email_move: 'Edit',
  email_mark: 'Edit',
  email_draft: 'Edit',
  email_send: 'Execute',
  email_delete: 'Execute',
};

function configurationWith(email: Record<string, unknown>): Configuration {
  return Configuration.fromObject({ Svc: { Tools: { Email: email as SettingsTree } } }, [
    ...coreSettingsSections,
    ...emailFamily.settingsSections,
  ]);
}

async function toolNames(email: Record<string, unknown>): Promise<string[]> {
  const tools = await emailFamily.createTools({
    configuration: configurationWith(email),
    logger: captureLogger().logger,
  });
  return tools.map((tool) => tool.name).sort();
}

describe('emailFamily', () => {
  it('lists the 13 tools of the contract with their access classes', () => {
    expect(emailFamily.name).toBe('email');
    expect(Object.fromEntries(emailFamily.catalogue.map((entry) => [entry.name, entry.access]))).toEqual(
      expectedCatalogue,
    );
    expect(emailFamily.settingsSections.map((section) => section.path)).toEqual(['Svc:Tools:Email']);
  });

  it('builds the tools the accounts can use, each marked with the family and its declared access', async () => {
    expect(await toolNames({})).toEqual(['email_parser']);
    expect(await toolNames({ Accounts: { work: fixture.account(['Read']) } })).toEqual([
      'email_accounts',
      'email_folders',
      'email_parser',
      'email_read',
      'email_save_attachment',
      'email_search',
    ]);
    const everything = {
      ...fixture.account(['Read', 'Organize', 'Draft', 'Send', 'Delete', 'Purge']),
      Smtp: { Host: 'smtp.example.test', User: 'alice', Password: 'smtp-password' },
    };
    const tools = await emailFamily.createTools({
      configuration: configurationWith({ Accounts: { work: everything } }),
      logger: captureLogger().logger,
    });
    expect(tools.map((tool) => tool.name).sort()).toEqual(Object.keys(expectedCatalogue).sort());
    for (const tool of tools) {
      expect(toolFamilyOf(tool)).toBe('email');
      expect(tool.access).toBe(expectedCatalogue[tool.name as keyof typeof expectedCatalogue]);
    }
    const sendOnly = { Smtp: { Host: 'smtp.example.test' }, From: 'a@example.test', Rights: ['Send'] };
    expect(await toolNames({ Accounts: { out: sendOnly } })).toEqual(['email_accounts', 'email_parser', 'email_send']);
  });

  it('calls the tools of the family through the invocation pipeline of a runtime', async () => {
    const configuration = configurationWith({ Accounts: { work: fixture.account(['Read']) } });
    const tools = await emailFamily.createTools({ configuration, logger: captureLogger().logger });
    const runtime = await createRuntime({
      configuration,
      tools,
      mounts: [`${fixture.workspace}:/workspace:rw`, `${join(fixture.root.path, 'certs')}:/certs:ro`],
    });
    try {
      const found = await runtime.pipeline.invoke({
        tool: 'email_search',
        input: { subject: 'pipeline' },
        caller: { kind: 'host' },
      });
      expect(found.outcome, found.output).toBe('Success');
      expect(found.output).toContain('"Pipeline check"');
      const listed = await runtime.pipeline.invoke({ tool: 'email_accounts', input: '{}', caller: { kind: 'host' } });
      expect(listed.output).toContain('rights: Read');
      expect(listed.output).not.toContain(alice.password);
      const prying = await runtime.pipeline.invoke({
        tool: 'email_accounts',
        input: { show: 'passwords' },
        caller: { kind: 'host' },
      });
      expect(prying.outcome).toBe('Failure');
      expect(prying.output).not.toContain(alice.password);
      const denied = await runtime.pipeline.invoke({
        tool: 'email_save_attachment',
        input: { uid: 1, part: '2', directory: '/nowhere' },
        caller: { kind: 'host' },
      });
      expect(denied.outcome).not.toBe('Success');
      const malformed = await runtime.pipeline.invoke({
        tool: 'email_read',
        input: { uid: 'one' },
        caller: { kind: 'host' },
      });
      expect(malformed.outcome).toBe('Failure');
      await writeFile(join(fixture.workspace, 'a.eml'), 'Subject: parsed\r\n\r\nbody');
      const parsed = await runtime.pipeline.invoke({
        tool: 'email_parser',
        input: { path: '/workspace/a.eml' },
        caller: { kind: 'host' },
      });
      expect(parsed.output).toContain('Subject: parsed');
    } finally {
      await runtime.dispose();
    }
  });

  it('lets the permission gate stop email_send before it runs (Execute access)', async () => {
    const account = {
      ...fixture.account(['Send']),
      Smtp: { Host: '127.0.0.1', Port: 1, User: 'alice', Password: 'x' },
      Send: { AllowedRecipients: ['bob@example.test'] },
    };
    const configuration = configurationWith({ Accounts: { work: account } });
    const tools = await emailFamily.createTools({ configuration, logger: captureLogger().logger });
    const runtime = await createRuntime({ configuration, tools, permissionMode: 'plan' });
    try {
      const result = await runtime.pipeline.invoke({
        tool: 'email_send',
        input: { to: ['bob@example.test'], subject: 'x', text: 'y' },
        caller: { kind: 'host' },
      });
      expect(result.outcome).toBe('Denied');
    } finally {
      await runtime.dispose();
    }
  });

  it('keeps passwords out of the configuration errors and marks them secret', () => {
    const configuration = configurationWith({ Accounts: { work: fixture.account(['Read']) } });
    expect(configuration.secretValues()).toContain(alice.password);
    let message = '';
    try {
      configurationWith({
        Accounts: {
          work: {
            ...fixture.account(['Read']),
            Imap: { Host: 'mail.example.test', User: 'a', Password: 'p4ssw0rd-secret', Port: 'x' },
          },
        },
      });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('Svc:Tools:Email:Accounts:work:Imap:Port');
    expect(message).not.toContain('p4ssw0rd-secret');
  });

  it('exports typed factories and settings', () => {
    expectTypeOf(emailFamily).toEqualTypeOf<ToolFamily>();
    expectTypeOf(createEmailSearchTool).parameter(0).toEqualTypeOf<EmailSettingsInput | undefined>();
    expectTypeOf(createEmailSearchTool).returns.toEqualTypeOf<Tool<EmailSearchInput>>();
    expectTypeOf<EmailSearchInput['account']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<EmailSearchInput['folder']>().toEqualTypeOf<string>();
    expectTypeOf<EmailSettings['Limits']['MaxMessageBytes']>().toEqualTypeOf<number>();
    expectTypeOf<EmailSettings['Accounts'][string]['Rights']>().toEqualTypeOf<
      ('Read' | 'Organize' | 'Draft' | 'Send' | 'Delete' | 'Purge')[]
    >();
    expectTypeOf(emailSettings.path).toEqualTypeOf<string>();
  });
});
