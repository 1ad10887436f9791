import { isToolResult, type Tool, type ToolResult, VirtualFileSystem } from '@orkeon/core';
import { captureLogger } from '@orkeon/testing';
import { type CodeInterpreterInput, type CodeSettingsInput, createCodeInterpreterTool } from '../src/index.js';

const emptyFileSystem = VirtualFileSystem.create([]);

/** A `code_interpreter` with short limits, so tests that reach them stay quick. */
export function createTestTool(settings: CodeSettingsInput = {}): Tool<CodeInterpreterInput> {
  return createCodeInterpreterTool({ TimeoutMilliseconds: 2_000, ...settings }, { logger: captureLogger().logger });
}

/** Calls a tool as the pipeline would: input validated, a signal, no files. */
export async function runCode(
  tool: Tool<CodeInterpreterInput>,
  input: { code: string; language?: 'javascript' | 'typescript'; input?: unknown },
  signal: AbortSignal = new AbortController().signal,
): Promise<ToolResult> {
  const returned = await tool.execute(tool.inputSchema.parse(input), {
    vfs: (await emptyFileSystem).agentView(),
    logger: captureLogger().logger,
    signal,
    caller: { kind: 'host' },
    callId: 'test-call',
  });
  if (!isToolResult(returned)) throw new Error(`expected a ToolResult, got ${JSON.stringify(returned)}`);
  return returned;
}

/** Asserts success and returns the JSON result the output carries. */
export function resultOf(result: ToolResult): unknown {
  if (result.outcome !== 'Success') throw new Error(`expected Success, got ${result.outcome}: ${result.output}`);
  const match = /^Result \(JSON[^)]*\):\n(.*?)(?:\n\nConsole|$)/s.exec(result.output);
  if (match === null) throw new Error(`no JSON result in: ${result.output}`);
  return JSON.parse(match[1] as string);
}
