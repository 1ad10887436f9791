import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { metrics, trace } from '@opentelemetry/api';
import { Configuration, coreSettingsSections, createEchoModel, LlmClient } from '@orkeon/core';
import { captureLogger } from '@orkeon/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTelemetry } from '../src/index.js';

interface Received {
  path: string;
  contentType: string | undefined;
  body: string;
}

/** A real OTLP/HTTP receiver on loopback that keeps what it is sent. */
function startReceiver(): Promise<{ server: Server; url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        path: request.url ?? '',
        contentType: request.headers['content-type'],
        body: Buffer.concat(chunks).toString('utf8'),
      });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received }),
    ),
  );
}

let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeEach(async () => {
  receiver = await startReceiver();
});
afterEach(async () => {
  trace.disable();
  metrics.disable();
  await new Promise((resolve) => receiver.server.close(resolve));
});

const configured = (telemetry: Record<string, string | boolean>) =>
  Configuration.fromObject({ Telemetry: telemetry }, coreSettingsSections);

describe('startTelemetry', () => {
  it('registers nothing when no exporter is configured', async () => {
    const handle = startTelemetry(Configuration.fromObject({}, coreSettingsSections), { environment: {} });
    expect(handle).toMatchObject({ enabled: false, destinations: [] });
    const span = trace.getTracer('x').startSpan('probe');
    expect(span.isRecording()).toBe(false);
    span.end();
    await handle.shutdown();
  });

  it('exports spans and metrics to a real OTLP/HTTP receiver (Telemetry:OtlpEndpoint)', async () => {
    const handle = startTelemetry(configured({ OtlpEndpoint: `${receiver.url}/`, ServiceName: 'orkeon-test' }), {
      environment: {},
    });
    expect(handle.destinations).toEqual([`otlp ${receiver.url}`]);
    const client = new LlmClient({
      model: createEchoModel(),
      logger: captureLogger().logger,
      caller: { kind: 'script', agent: 'echoer' },
    });
    await client.complete('hello');
    await handle.shutdown();

    const traces = receiver.received.filter((request) => request.path === '/v1/traces');
    expect(traces.length).toBeGreaterThan(0);
    const body = traces.map((request) => request.body).join('\n');
    expect(body).toContain('invoke_agent echoer');
    expect(body).toContain('chat echo');
    expect(body).toContain('orkeon-test');
    const exported = receiver.received
      .filter((request) => request.path === '/v1/metrics')
      .map((request) => request.body)
      .join('\n');
    expect(exported).toContain('gen_ai.client.token.usage');
    expect(exported).toContain('gen_ai.client.operation.duration');
  });

  it('falls back to OTEL_EXPORTER_OTLP_ENDPOINT', async () => {
    const handle = startTelemetry(Configuration.fromObject({}, coreSettingsSections), {
      environment: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url },
    });
    expect(handle.destinations).toEqual([`otlp ${receiver.url}`]);
    trace.getTracer('orkeon').startSpan('probe').end();
    await handle.shutdown();
    expect(receiver.received.some((request) => request.path === '/v1/traces' && request.body.includes('probe'))).toBe(
      true,
    );
  });

  it('writes to the console with Telemetry:ExportToConsole', async () => {
    const handle = startTelemetry(configured({ ExportToConsole: true }), { environment: {} });
    expect(handle).toMatchObject({ enabled: true, destinations: ['console'] });
    await handle.shutdown();
  });
});
