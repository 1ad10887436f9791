import { useEffect, useState } from 'preact/hooks';
import { api, type ToolsView as Tools } from './api';

/** The configured MCP servers (connected with their tools, or why not) and every tool agents may be given. */
export function ToolsView() {
  const [state, setState] = useState<Tools | undefined>();
  useEffect(() => {
    api
      .tools()
      .then(setState)
      .catch(() => {});
  }, []);
  if (state === undefined) return <p class="hint">Loading…</p>;
  return (
    <section aria-label="Tools">
      <h2>MCP servers</h2>
      {state.mcpServers.length === 0 ? (
        <p class="hint">No MCP server is configured (MCP:Servers, see docs/mcp.md).</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">server</th>
              <th scope="col">state</th>
              <th scope="col">tools</th>
            </tr>
          </thead>
          <tbody>
            {state.mcpServers.map((server) => (
              <tr key={server.id}>
                <td>
                  <code>{server.id}</code>
                </td>
                <td class={server.connected ? 'status completed' : 'status failed'}>
                  {server.connected ? 'connected' : 'not connected'}
                </td>
                <td>{server.connected ? server.tools.join(', ') || 'none' : server.error}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h2>Tools</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">tool</th>
            <th scope="col">access</th>
            <th scope="col">description</th>
          </tr>
        </thead>
        <tbody>
          {state.tools.map((tool) => (
            <tr key={tool.name}>
              <td class="name">
                <code>{tool.name}</code>
              </td>
              <td>{tool.access}</td>
              <td>{tool.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
