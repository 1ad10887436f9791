// Orkeon's own MCP server over standard input and output, serving the test runtime
// whose `work` tool reports progress and logs. With the argument `legacy` it answers
// `server/discover` as a server of the initialize era does (method not found), so a
// client settles on the legacy era.
import { createMcpServer, serveMcpOverStdio } from '../../src/index.js';
import { richRuntime } from '../server/rich-fixture.js';
import { refuseDiscovery } from './refuse-discovery.js';

const runtime = await richRuntime();
const dispatcher = createMcpServer({ runtime });
if (process.argv[2] === 'legacy') refuseDiscovery(dispatcher);
await serveMcpOverStdio({ dispatcher, input: process.stdin, output: process.stdout });
await runtime.dispose();
