import { fileURLToPath } from 'node:url';
import {
  type PostgresServer,
  type RecordedRequest,
  type ScriptedModelServer,
  startPostgresServer,
  startScriptedModelServer,
} from '@orkeon/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finished } from './orkeon-process.js';
import { useScriptedRun } from './scripted-run.js';

const example = fileURLToPath(new URL('../../../examples/crews-over-postgres', import.meta.url));
const scripted = useScriptedRun();
let postgres: PostgresServer;
let estimatorModel: ScriptedModelServer;

beforeAll(async () => {
  postgres = await startPostgresServer();
  estimatorModel = await startScriptedModelServer();
});

afterAll(async () => {
  await estimatorModel?.close();
  await postgres?.stop();
});

/** The text of the tool answers a model request carried, in order. */
function toolAnswers(request: RecordedRequest | undefined): string[] {
  const messages = (request?.body as { messages?: { role: string; content: string }[] } | undefined)?.messages ?? [];
  return messages.filter((message) => message.role === 'tool').map((message) => message.content);
}

/** The JSON inside a tool answer's BEGIN/END TOOL RESULT wrapping. */
function resultJson(answer: string | undefined): unknown {
  const text = answer ?? '';
  return JSON.parse(text.slice(text.indexOf('\n{') + 1, text.lastIndexOf('}') + 1));
}

describe('examples/crews-over-postgres: two orkeon run processes, one event hub on PostgreSQL', () => {
  it('the planner sends a request that the estimator, in the other process, receives and answers', async () => {
    const hub = { SVC_Svc__EventHub__Postgres__ConnectionString: postgres.connectionString };
    estimatorModel.enqueue(
      { toolCalls: [{ name: 'receive_message', arguments: { mailbox: 'crew://estimator', timeout_ms: 60_000 } }] },
      (request) => {
        const received = toolAnswers(request).at(-1) ?? '';
        const correlationId = /"correlation_id":\s*"([^"]+)"/.exec(received)?.[1] ?? 'none received';
        const feature = /"feature":\s*"([^"]+)"/.exec(received)?.[1] ?? 'unknown';
        return {
          toolCalls: [
            {
              name: 'reply_to',
              arguments: { correlation_id: correlationId, payload: { feature, days: 3, why: 'parsing and tests' } },
            },
          ],
        };
      },
      { text: 'Replied: CSV export takes 3 days.' },
    );
    scripted.server.enqueue(
      {
        toolCalls: [
          {
            name: 'send_request',
            arguments: { target_mailbox: 'crew://estimator', payload: { feature: 'CSV export' }, timeout_ms: 60_000 },
          },
        ],
      },
      { text: 'CSV export takes 3 days: 1. parse, 2. write, 3. test.' },
    );
    // The planner starts first: its request waits in the mailbox table until the estimator takes it.
    const planner = finished(
      scripted.start(['run', `${example}/planner`, '-V', 'feature=CSV export'], { environment: hub }),
    );
    const estimator = finished(
      scripted.start(['run', `${example}/estimator`], {
        environment: { ...hub, SVC_Llm__BaseUrl: estimatorModel.openAiBaseUrl },
      }),
    );
    const [planned, estimated] = await Promise.all([planner, estimator]);
    expect(planned.code, planned.stderr).toBe(0);
    expect(estimated.code, estimated.stderr).toBe(0);
    expect(planned.stdout).toContain('CSV export takes 3 days');

    const [request] = toolAnswers(estimatorModel.requests.at(-1));
    expect(resultJson(request)).toMatchObject({
      message: { source_crew_id: 'planner', source_agent_id: 'planner', target_mailbox: 'crew://estimator' },
    });
    const [reply] = toolAnswers(scripted.server.requests.at(-1));
    expect(resultJson(reply)).toMatchObject({
      response_payload: { feature: 'CSV export', days: 3, why: 'parsing and tests' },
    });

    // Both used the hub's tables in the default schema; nothing is left pending.
    const observer = new pg.Client({ connectionString: postgres.connectionString });
    await observer.connect();
    try {
      const left = await observer.query(
        'SELECT (SELECT count(*) FROM orkeon.event_hub_mailbox)::int AS mail, (SELECT count(*) FROM orkeon.event_hub_requests)::int AS requests',
      );
      expect(left.rows).toEqual([{ mail: 0, requests: 0 }]);
    } finally {
      await observer.end();
    }
  });

  it('stops at start, naming the setting, when the configured PostgreSQL hub cannot be reached', async () => {
    const result = await scripted.run(['run', `${example}/planner`, '-V', 'feature=CSV export'], {
      environment: { SVC_Svc__EventHub__Postgres__ConnectionString: 'postgresql://postgres@127.0.0.1:1/postgres' },
    });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('could not prepare schema');
    expect(result.stderr).toContain('Svc:EventHub:Postgres:ConnectionString');
    expect(scripted.server.requests).toHaveLength(0);
  });
});
