import type { Tool } from '../tool.js';
import { countPatternTool } from './count-pattern-tool.js';
import { directoryReadTool } from './directory-read-tool.js';
import { fileReadTool } from './file-read-tool.js';
import { fileWriteTool } from './file-write-tool.js';
import { listMountsTool } from './list-mounts-tool.js';

/** The built-in file tools, all working through the virtual file system. */
export const fileTools: readonly Tool[] = [
  fileReadTool,
  fileWriteTool,
  directoryReadTool,
  countPatternTool,
  listMountsTool,
] as readonly Tool[];
