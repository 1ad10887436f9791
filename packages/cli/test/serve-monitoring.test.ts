import type { ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { servingUrl } from './orkeon-process.js';
import { useScriptedRun } from './scripted-run.js';

// Svc:Monitoring:PrometheusEndpoint in a real `orkeon serve`: after a task ran, GET /metrics
// answers the monitoring backend's metrics in the Prometheus text format, behind the same
// guards (A2A:Security) as the other non-discovery routes.

const scripted = useScriptedRun({
  files: {
    'crew.yaml': `name: desk
agents:
  clerk: { role: Clerk, goal: Answers questions }
tasks:
  answer: { description: Answer the question., expected_output: A reply, agent: clerk }
`,
  },
});

const running: ChildProcess[] = [];
// Registered after the helper's, so it runs first: the servers stop before the model server closes.
afterEach(() => {
  for (const child of running.splice(0)) child.kill('SIGKILL');
});

/** Starts `orkeon serve` on the crew of the folder and waits for its readiness line; resolves with its URL. */
async function serve(settings: readonly string[], environment: Record<string, string> = {}): Promise<string> {
  const args = ['serve', '.', '--set', 'A2A:Host=127.0.0.1', '--set', 'A2A:Port=0'];
  for (const setting of settings) args.push('--set', setting);
  const child = scripted.start(args, { environment });
  running.push(child);
  return servingUrl(child);
}

const token = 'token-of-ada-123456';

describe('orkeon serve with Svc:Monitoring:PrometheusEndpoint', () => {
  it('serves the metrics of the tasks run at GET /metrics, behind the A2A guards', async () => {
    const url = await serve(
      [
        'Svc:Monitoring:PrometheusEndpoint=true',
        'A2A:Security:AllowedAuthSchemes:0=Bearer',
        `A2A:Security:Bearer:Tokens:0=${token}`,
      ],
      {
        SVC_Telemetry__Prices__scripted__InputPerMillionTokens: '1000000',
        SVC_Telemetry__Prices__scripted__OutputPerMillionTokens: '1000000',
      },
    );
    scripted.server.enqueue({ text: 'Forty-two.', usage: { inputTokens: 12, outputTokens: 3 } });
    const sent = await fetch(`${url}/a2a/tasks/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ id: 'task-1', skillId: 'clerk', input: 'What is the answer?' }),
    });
    expect(await sent.json()).toMatchObject({ status: 'Completed' });

    const refused = await fetch(`${url}/metrics`);
    expect(refused.status).toBe(401);
    const scraped = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
    expect(scraped.status).toBe(200);
    expect(scraped.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = await scraped.text();
    expect(text).toContain('# TYPE orkeon_llm_calls_total counter');
    expect(text).toMatch(/^orkeon_llm_calls_total\{[^}]*gen_ai_request_model="scripted"[^}]*\} 1$/m);
    expect(text).toMatch(/^orkeon_llm_cost_total\{[^}]*\} 15$/m);
    expect(text).toContain('# TYPE gen_ai_client_token_usage histogram');
    expect(text).toMatch(/^gen_ai_client_token_usage_bucket\{[^}]*gen_ai_token_type="input"[^}]*le="\+Inf"\} 1$/m);
    expect(text).toMatch(/^gen_ai_client_token_usage_sum\{[^}]*gen_ai_token_type="input"[^}]*\} 12$/m);
    expect(text).toMatch(/^gen_ai_client_token_usage_count\{[^}]*gen_ai_token_type="output"[^}]*\} 1$/m);
    expect(text).toContain('# TYPE gen_ai_client_operation_duration histogram');
  }, 60_000);

  it('without PrometheusEndpoint there is no /metrics', async () => {
    const url = await serve(['Svc:Monitoring:MaxTraceHistory=10']);
    const scraped = await fetch(`${url}/metrics`);
    expect(scraped.status).toBe(404);
    expect(((await scraped.json()) as { error: string }).error).toContain('Svc:Monitoring:PrometheusEndpoint');
  }, 60_000);
});
