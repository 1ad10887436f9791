import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import {
  type ChatModel,
  Configuration,
  ConfigurationError,
  coreSettingsSections,
  createRuntime,
  DlpChannelGuardService,
  defineCrew,
  dlpChannels,
  PiiDetectorService,
  ServiceCollection,
  type SettingsTree,
  ToolCallInterceptorService,
} from '@orkeon/core';
import { captureLogger, type ScriptedModelServer, startScriptedModelServer } from '@orkeon/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  addSvcDlp,
  createDlpInterceptors,
  DlpInterceptorService,
  DlpPolicyProviderService,
  dlpExperimentalDiagnosticId,
  dlpSettings,
  PolicyDlpChannelGuard,
  RegexPiiDetector,
  SettingsDlpPolicyProvider,
} from '../src/index.js';

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

const quiet = () => captureLogger().logger;

const configurationOf = (tree: SettingsTree = {}) =>
  Configuration.fromObject({ Llm: { MaxRetries: 0 }, ...tree }, [...coreSettingsSections, dlpSettings]);

const replyCrew = defineCrew({
  name: 'support',
  agents: [{ id: 'agent', role: 'Support agent', goal: 'Answers customers' }],
  tasks: [
    {
      id: 'reply',
      description: 'Answer the customer about their refund.',
      expectedOutput: 'A short reply',
      agent: 'agent',
      outputValidation: { forbiddenPii: ['Email', 'CreditCard'] },
    },
  ],
});

describe('addSvcDlp', () => {
  it('lets a task refuse personal data: the answer is sent back with the kinds found, never the values', async () => {
    const configuration = configurationOf({ Svc: { Dlp: {} } });
    const services = addSvcDlp(new ServiceCollection(), configuration, { acknowledgeExperimental: true });
    await using runtime = await createRuntime({ services, configuration, model: model(), logger: quiet() });
    server.enqueue(
      { text: 'Refunded to 4111 1111 1111 1111; write to jane@example.com. Your IP was 203.0.113.9.' },
      { text: 'Your refund is on its way to the card you paid with.' },
    );
    const result = await runtime.run(replyCrew, undefined);
    expect(result.success).toBe(true);
    expect(result.output).toBe('Your refund is on its way to the card you paid with.');
    const repair = JSON.stringify(server.requests[1]?.body);
    // Only the kinds the task forbids: the IP address is allowed here.
    expect(repair).toContain('personal data: the answer holds 1 credit card number, 1 e-mail address');
    expect(repair).not.toContain('IP address');
  });

  it('fails the task with the kinds found after the repair, without the values in the error', async () => {
    const configuration = configurationOf({ Svc: { Dlp: {} } });
    const services = addSvcDlp(new ServiceCollection(), configuration, { acknowledgeExperimental: true });
    await using runtime = await createRuntime({ services, configuration, model: model(), logger: quiet() });
    server.enqueue({ text: 'Mail jane@example.com' }, { text: 'Mail JANE@EXAMPLE.COM' });
    const result = await runtime.run(replyCrew, undefined);
    expect(result.success).toBe(false);
    const error = result.tasks.find((task) => task.id === 'reply')?.error;
    expect(error?.code).toBe('TASK_OUTPUT_INVALID');
    expect(error?.message).toContain('1 e-mail address');
    expect(error?.message.toLowerCase()).not.toContain('jane@example.com');
  });

  it('without it, a crew that forbids personal data does not start, and the message names addSvcDlp', async () => {
    await using runtime = await createRuntime({ configuration: configurationOf(), model: model(), logger: quiet() });
    await expect(runtime.run(replyCrew, undefined)).rejects.toMatchObject({
      code: 'TASK_OUTPUT_PII_UNCHECKED',
      message: expect.stringContaining('addSvcDlp(services)'),
    });
    expect(server.requests).toHaveLength(0);
  });

  it('registers nothing with Enabled false, and keeps a host’s own detector', () => {
    const off = addSvcDlp(new ServiceCollection(), configurationOf({ Svc: { Dlp: { Enabled: false } } })).build();
    expect(off.tryGet(PiiDetectorService)).toBeUndefined();
    const own = new RegexPiiDetector({ types: ['Email'] });
    const services = new ServiceCollection().addInstance(PiiDetectorService, own);
    addSvcDlp(services, configurationOf(), { acknowledgeExperimental: true });
    expect(services.build().get(PiiDetectorService)).toBe(own);
  });

  it('logs one experimental warning unless acknowledged, and refuses an unknown key at start', () => {
    const logs = captureLogger();
    addSvcDlp(new ServiceCollection(), configurationOf(), { logger: logs.logger });
    expect(logs.records().filter((record) => record.diagnosticId === dlpExperimentalDiagnosticId)).toHaveLength(1);
    expect(() => configurationOf({ Svc: { Dlp: { Enable: true } } }).get(dlpSettings)).toThrow(ConfigurationError);
  });

  it('registers the policies and the five interceptors for the host to call; the guard only with ApplyInPipeline', async () => {
    const hostCalls = addSvcDlp(new ServiceCollection(), configurationOf({ Svc: { Dlp: {} } }), {
      acknowledgeExperimental: true,
    }).build();
    expect(hostCalls.getAll(DlpInterceptorService).map((interceptor) => interceptor.channel)).toEqual([...dlpChannels]);
    expect(hostCalls.get(DlpPolicyProviderService).getPolicy('Log').defaultAction).toBe('Audit');
    expect(hostCalls.tryGet(DlpChannelGuardService)).toBeUndefined();
    expect(hostCalls.getAll(ToolCallInterceptorService)).toEqual([]);
    const applied = addSvcDlp(
      new ServiceCollection(),
      configurationOf({ Svc: { Dlp: { ApplyInPipeline: true, DefaultAction: 'Mask' } } }),
      { acknowledgeExperimental: true },
    ).build();
    const guard = applied.get(DlpChannelGuardService);
    expect(guard).toBeInstanceOf(PolicyDlpChannelGuard);
    expect(guard.screen('ExternalOutput', 'mail jane@example.com').processed).toBe(`mail ${'*'.repeat(16)}`);
    expect(applied.getAll(ToolCallInterceptorService).map((interceptor) => interceptor.name)).toEqual(['dlp']);
    await hostCalls.dispose();
    await applied.dispose();
  });

  it('keeps the host’s own policies and interceptors', () => {
    const detector = new RegexPiiDetector({ types: ['Email'] });
    const policies = new SettingsDlpPolicyProvider({ DefaultAction: 'Block', ChannelPolicies: {} });
    const services = new ServiceCollection().addInstance(DlpPolicyProviderService, policies);
    for (const interceptor of createDlpInterceptors({ detector, maskCharacter: '#' }))
      services.addInstance(DlpInterceptorService, interceptor);
    addSvcDlp(services, configurationOf({ Svc: { Dlp: { ApplyInPipeline: true } } }), {
      acknowledgeExperimental: true,
    });
    const provider = services.build();
    expect(provider.get(DlpPolicyProviderService)).toBe(policies);
    expect(provider.getAll(DlpInterceptorService)).toHaveLength(5);
    expect(provider.get(DlpChannelGuardService).screen('Log', 'to jane@example.com').processed).toBe(
      '[BLOCKED: PII detected in Log channel]',
    );
  });

  it('warns when it audits while the audit trail is off, since nothing would be recorded', () => {
    const logs = captureLogger();
    addSvcDlp(new ServiceCollection(), configurationOf({ Svc: { Dlp: {}, Security: { Audit: { Enabled: false } } } }), {
      acknowledgeExperimental: true,
      logger: logs.logger,
    });
    expect(logs.text()).toContain('while the audit trail is off (Svc:Security:Audit:Enabled = false)');
    const quietLogs = captureLogger();
    addSvcDlp(
      new ServiceCollection(),
      configurationOf({ Svc: { Dlp: { DefaultAction: 'Mask' }, Security: { Audit: { Enabled: false } } } }),
      { acknowledgeExperimental: true, logger: quietLogs.logger },
    );
    expect(quietLogs.text()).toBe('');
  });
});
