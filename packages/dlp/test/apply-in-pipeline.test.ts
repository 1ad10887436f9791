import { randomBytes } from 'node:crypto';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import {
  AuditRecorderService,
  AuditTrailService,
  type ChatModel,
  Configuration,
  coreSettingsSections,
  createMemoryItem,
  createRuntime,
  defineAgent,
  defineCrew,
  defineTool,
  EnvironmentSecretStore,
  InMemoryAuditTrail,
  InMemoryMemoryProvider,
  MemoryStoreFactoryService,
  type Runtime,
  SecretStoreService,
  ServiceCollection,
  type SettingsTree,
  secretVariableName,
  ToolService,
  toolContent,
} from '@orkeon/core';
import { captureLogger, type ScriptedModelServer, startScriptedModelServer, toolResultText } from '@orkeon/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { addSvcDlp, dlpSettings } from '../src/index.js';

// Svc:Dlp:ApplyInPipeline through createRuntime: each of the four points inside the runtime
// (tool output, delegation, log, memory) changes what passes, and the audit trail records the
// kinds and counts. Without ApplyInPipeline the same runs pass everything as it is.

let server: ScriptedModelServer;
beforeEach(async () => {
  server = await startScriptedModelServer();
});
afterEach(async () => {
  await server.close();
});

function model(): ChatModel {
  const provider = createOpenAICompatible({ name: 'openai', baseURL: server.openAiBaseUrl });
  return { provider: 'openai', modelId: 'scripted', model: provider.chatModel('scripted'), supportsStreaming: true };
}

const customer = defineTool({
  name: 'customer',
  description: 'A customer’s contact details',
  input: z.object({ name: z.string() }),
  access: 'Read',
  execute: async ({ name }, context) => {
    context.logger.info({ customer: 'jane@example.com', note: 'plain' }, `looked up ${name} at jane@example.com`);
    context.logger.debug('debug line about jane@example.com');
    context.logger.warn({ err: new Error('no card 4111 1111 1111 1111 on file') }, 'lookup incomplete');
    return `${name}: jane@example.com, card 4111 1111 1111 1111, phone +44 20 7946 0958`;
  },
});

const brochure = defineTool({
  name: 'brochure',
  description: 'A brochure with a picture',
  input: z.object({}),
  access: 'Read',
  execute: async () =>
    toolContent([
      'Contact sales@example.com',
      { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
      {
        type: 'resource',
        resource: { uri: 'notes://1', mimeType: 'text/plain', text: 'IBAN DE89 3704 0044 0532 0130 00' },
      },
    ]),
});

const clerk = defineAgent({ id: 'clerk', role: 'Clerk', goal: 'Looks customers up', tools: ['customer', 'brochure'] });

interface Harness extends AsyncDisposable {
  readonly runtime: Runtime;
  readonly trail: InMemoryAuditTrail;
  readonly logs: ReturnType<typeof captureLogger>;
  /** The audit trail's DLP records, once every queued record is written. */
  dlpRecords(): Promise<{ detail?: string; outcome: string; tool?: string; agent?: string }[]>;
}

/** A runtime with `Svc:Dlp` set to `dlp` (and other `Svc` sections from `svc`), its logs and audit trail kept. */
async function harness(dlp: SettingsTree, svc: SettingsTree = {}, services = new ServiceCollection()) {
  const configuration = Configuration.fromObject({ Llm: { MaxRetries: 0 }, Svc: { ...svc, Dlp: dlp } }, [
    ...coreSettingsSections,
    dlpSettings,
  ]);
  const trail = new InMemoryAuditTrail();
  const logs = captureLogger({ level: 'info' });
  services.addInstance(AuditTrailService, trail).addInstance(ToolService, customer).addInstance(ToolService, brochure);
  addSvcDlp(services, configuration, { acknowledgeExperimental: true, logger: logs.logger });
  const runtime = await createRuntime({ services, configuration, model: model(), logger: logs.logger });
  const harnessed: Harness = {
    runtime,
    trail,
    logs,
    async dlpRecords() {
      await runtime.services.get(AuditRecorderService).flush();
      return (await trail.query({ kind: 'dlp' })).reverse();
    },
    [Symbol.asyncDispose]: () => runtime.dispose(),
  };
  return harnessed;
}

/** The tool answers the model read in request `index`. */
function toolAnswers(index: number): string[] {
  const body = server.requests[index]?.body as { messages?: { role: string; content: unknown }[] } | undefined;
  return (body?.messages ?? [])
    .filter((message) => message.role === 'tool')
    .map((message) => toolResultText(String(message.content)));
}

const customerCall = { toolCalls: [{ name: 'customer', arguments: { name: 'Jane' } }] };

const delegateCall = {
  toolCalls: [
    {
      name: 'delegate_work_to_coworker',
      arguments: {
        coworker: 'Researcher',
        task: 'Find the order of jane@example.com',
        context: 'Paid with 4111 1111 1111 1111',
      },
    },
  ],
};

const supportCrew = defineCrew({
  name: 'support',
  agents: [
    { id: 'lead', role: 'Lead', goal: 'Answers customers', allowDelegation: true },
    { id: 'researcher', role: 'Researcher', goal: 'Finds orders' },
  ],
  tasks: [{ id: 'answer', description: 'Answer Jane.', expectedOutput: 'A reply', agent: 'lead' }],
});

/** The DLP records of one channel. */
const ofChannel = (records: { detail?: string }[], channel: string) =>
  records.filter((record) => record.detail?.startsWith(`${channel} `));

describe('Svc:Dlp:ApplyInPipeline through createRuntime', () => {
  it('tool output: masks the text of every tool result, rich results part by part, and records kinds and counts', async () => {
    await using setup = await harness({
      ApplyInPipeline: true,
      ChannelPolicies: { ToolOutput: { DefaultAction: 'Mask' } },
    });
    server.enqueue(customerCall, { toolCalls: [{ name: 'brochure', arguments: {} }] }, { text: 'done' });
    await setup.runtime.run(clerk, 'Look Jane up');
    expect(toolAnswers(1)).toEqual([`Jane: ${'*'.repeat(16)}, card ${'*'.repeat(19)}, phone ${'*'.repeat(16)}`]);
    const rich = toolAnswers(2).at(-1) ?? '';
    expect(rich).toContain(`Contact ${'*'.repeat(17)}`);
    expect(rich).toContain(`IBAN ${'*'.repeat(27)}`);
    expect(rich).toContain('[image image/png');
    const records = ofChannel(await setup.dlpRecords(), 'ToolOutput');
    expect(records).toMatchObject([
      {
        outcome: 'Success',
        tool: 'customer',
        agent: 'Clerk',
        detail: 'ToolOutput Mask: 1 e-mail address, 1 phone number, 1 credit card number',
      },
      { tool: 'brochure', detail: 'ToolOutput Mask: 1 e-mail address' },
      { tool: 'brochure', detail: 'ToolOutput Mask: 1 IBAN' },
    ]);
    expect(JSON.stringify(records)).not.toMatch(/example\.com|4111|DE89/);
  });

  it('tool output: Block replaces the whole result, and Audit passes it and records the detection', async () => {
    await using blocking = await harness({
      ApplyInPipeline: true,
      ChannelPolicies: { ToolOutput: { DefaultAction: 'Allow', PiiActions: { CreditCard: 'Block' } } },
    });
    server.enqueue(customerCall, { text: 'done' });
    await blocking.runtime.run(clerk, 'Look Jane up');
    expect(toolAnswers(1)).toEqual(['[BLOCKED: PII detected in ToolOutput channel]']);
    expect(ofChannel(await blocking.dlpRecords(), 'ToolOutput')).toMatchObject([
      { outcome: 'Blocked', detail: 'ToolOutput Block: 1 credit card number' },
    ]);
    server.reset();
    // The seed's order: Audit ranks above Block, so an audited kind beside a blocked one lets the text through.
    await using auditing = await harness({
      ApplyInPipeline: true,
      ChannelPolicies: { ToolOutput: { DefaultAction: 'Allow', PiiActions: { CreditCard: 'Block', Email: 'Audit' } } },
    });
    server.enqueue(customerCall, { text: 'done' });
    await auditing.runtime.run(clerk, 'Look Jane up');
    expect(toolAnswers(1)[0]).toContain('jane@example.com, card 4111 1111 1111 1111');
    expect(ofChannel(await auditing.dlpRecords(), 'ToolOutput')).toMatchObject([
      { outcome: 'Success', detail: 'ToolOutput Audit: 1 e-mail address, 1 credit card number' },
    ]);
  });

  it('delegation: what is handed to a coworker and what comes back are masked', async () => {
    await using setup = await harness({
      ApplyInPipeline: true,
      ChannelPolicies: { Delegation: { DefaultAction: 'Mask' }, ToolOutput: { DefaultAction: 'Allow' } },
    });
    server.enqueue(delegateCall, { text: 'Her phone is +44 20 7946 0958.' }, { text: 'done' });
    const result = await setup.runtime.run(supportCrew, undefined);
    expect(result.success).toBe(true);
    const handedOver = JSON.stringify(server.requests[1]?.body);
    expect(handedOver).toContain(`Find the order of ${'*'.repeat(16)}`);
    expect(handedOver).toContain(`Paid with ${'*'.repeat(19)}`);
    expect(handedOver).not.toContain('jane@example.com');
    expect(toolAnswers(2)).toEqual([`Her phone is ${'*'.repeat(16)}.`]);
    expect(ofChannel(await setup.dlpRecords(), 'Delegation')).toMatchObject([
      { tool: 'delegate_work_to_coworker', agent: 'Lead', detail: 'Delegation Mask: 1 e-mail address' },
      { tool: 'delegate_work_to_coworker', detail: 'Delegation Mask: 1 credit card number' },
      { tool: 'delegate_work_to_coworker', detail: 'Delegation Mask: 1 phone number' },
    ]);
  });

  it('delegation: a blocked hand-over is never sent, and the agent reads why', async () => {
    await using setup = await harness({
      ApplyInPipeline: true,
      ChannelPolicies: { Delegation: { DefaultAction: 'Block' }, ToolOutput: { Enabled: false } },
    });
    server.enqueue(delegateCall, { text: 'I will do it myself.' });
    await setup.runtime.run(supportCrew, undefined);
    // The lead's two calls only: the researcher was never asked.
    expect(server.requests).toHaveLength(2);
    expect(toolAnswers(1)).toEqual([
      'DENIED: [BLOCKED: PII detected in Delegation channel] The coworker was not asked: hand the work over without the personal data.',
    ]);
  });

  it('log: the runtime’s records have their messages, text fields and error messages screened, below-level records untouched', async () => {
    await using setup = await harness({
      ApplyInPipeline: true,
      ChannelPolicies: { Log: { DefaultAction: 'Mask' }, ToolOutput: { Enabled: false } },
    });
    server.enqueue(customerCall, { text: 'done' });
    await setup.runtime.run(clerk, 'Look Jane up');
    const text = setup.logs.text();
    expect(text).not.toContain('jane@example.com');
    expect(text).not.toContain('4111');
    const records = setup.logs.records();
    expect(records.find((record) => String(record.msg).startsWith('looked up'))).toMatchObject({
      msg: `looked up Jane at ${'*'.repeat(16)}`,
      customer: '*'.repeat(16),
      note: 'plain',
      tool: 'customer',
    });
    expect(records.find((record) => record.msg === 'lookup incomplete')).toMatchObject({
      err: { message: `no card ${'*'.repeat(19)} on file`, type: 'Error' },
    });
    // The debug line is below the logger's level (info): not written, and not even read.
    expect(ofChannel(await setup.dlpRecords(), 'Log')).toHaveLength(3);
  });

  it('memory: contents are screened before they are stored, and before encryption at rest', async () => {
    const inner = new InMemoryMemoryProvider();
    const services = new ServiceCollection().addInstance(MemoryStoreFactoryService, {
      type: 'inmemory',
      create: () => inner,
    });
    const key = randomBytes(32).toString('base64');
    await using setup = await harness(
      { ApplyInPipeline: true, ChannelPolicies: { Memory: { DefaultAction: 'Mask', PiiActions: { Phone: 'Allow' } } } },
      { Encryption: { Enabled: true } },
      services.addInstance(
        SecretStoreService,
        new EnvironmentSecretStore({ [secretVariableName('orkeon-encryption-key')]: key }),
      ),
    );
    const store = await setup.runtime.memory.get();
    await store.store('jane', createMemoryItem({ content: 'Jane: jane@example.com, +44 20 7946 0958' }));
    expect((await store.get('jane'))?.content).toBe(`Jane: ${'*'.repeat(16)}, +44 20 7946 0958`);
    // What the store holds is the screened text, encrypted.
    const held = (await inner.get('jane'))?.content ?? '';
    expect(held).toMatch(/^orkeon-enc:/);
    expect(ofChannel(await setup.dlpRecords(), 'Memory')).toMatchObject([{ detail: 'Memory Mask: 1 e-mail address' }]);
  });

  it('without ApplyInPipeline, nothing is screened: tools, hand-overs, logs and memories pass as they are', async () => {
    await using setup = await harness({ DefaultAction: 'Block' });
    server.enqueue(customerCall, { text: 'done' });
    await setup.runtime.run(clerk, 'Look Jane up');
    expect(toolAnswers(1)[0]).toContain('jane@example.com, card 4111 1111 1111 1111');
    expect(setup.logs.text()).toContain('looked up Jane at jane@example.com');
    server.reset();
    server.enqueue(delegateCall, { text: 'Her phone is +44 20 7946 0958.' }, { text: 'done' });
    await setup.runtime.run(supportCrew, undefined);
    expect(JSON.stringify(server.requests[1]?.body)).toContain('Find the order of jane@example.com');
    expect(toolAnswers(2)).toEqual(['Her phone is +44 20 7946 0958.']);
    const store = await setup.runtime.memory.get();
    await store.store('jane', createMemoryItem({ content: 'Jane: jane@example.com' }));
    expect((await store.get('jane'))?.content).toBe('Jane: jane@example.com');
    expect(await setup.dlpRecords()).toEqual([]);
  });
});
