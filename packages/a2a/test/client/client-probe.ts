// Run in a child process with a hostile environment: sends one task with A2AClient, then
// fetches the card with Node's own fetch for comparison, and prints both outcomes as JSON.
import { A2AClient, A2AClientError } from '../../src/client/index.js';

const [url = '', security = '{}'] = process.argv.slice(2);
const outcome: { client?: string; fetch?: string } = {};
try {
  await using client = new A2AClient(url, { security: JSON.parse(security) });
  outcome.client = (await client.send({ skillId: 'echo', input: 'the secret plan' })).status;
} catch (error) {
  outcome.client = A2AClientError.isInstance(error) ? error.code : String(error);
}
try {
  outcome.fetch = String((await fetch(`${url}/.well-known/agent.json`)).status);
} catch (error) {
  outcome.fetch = `failed: ${String((error as { cause?: { code?: string } }).cause?.code ?? error)}`;
}
process.stdout.write(`${JSON.stringify(outcome)}\n`);
