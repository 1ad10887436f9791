import { isToolResult, type Tool, type ToolResult, toolSuccess, type VirtualFileSystem } from '@orkeon/core';
import { captureLogger } from './capture-logger.js';

/**
 * Calls a tool as the invocation pipeline does: its input validated by the tool's schema
 * (a refusal throws, naming the problem) and the agents' view of the file system. A tool
 * that answers a plain value gets it as a success, as the pipeline would wrap it.
 */
export async function callTool<Input>(
  tool: Tool<Input>,
  vfs: VirtualFileSystem,
  input: unknown,
  signal: AbortSignal = new AbortController().signal,
): Promise<ToolResult> {
  const parsed = tool.inputSchema.safeParse(input);
  if (!parsed.success) throw new Error(`input refused by the schema: ${parsed.error.message}`);
  const returned = await tool.execute(parsed.data, {
    vfs: vfs.agentView(),
    logger: captureLogger().logger,
    signal,
    caller: { kind: 'host' },
    callId: `${tool.name}-test-call`,
  });
  if (isToolResult(returned)) return returned;
  return toolSuccess(typeof returned === 'string' ? returned : JSON.stringify(returned));
}
