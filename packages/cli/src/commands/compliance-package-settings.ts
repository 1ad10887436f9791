import { a2aSecuritySettings, a2aSettings } from '@orkeon/a2a/settings';
import type { PackageSettings } from '@orkeon/compliance';
import type { Configuration } from '@orkeon/core';
import { dlpSettings } from '@orkeon/dlp/settings';
import { mcpSettings } from '@orkeon/mcp/settings';
import { tokenBudgetSettings, toolRateLimitingSettings } from '@orkeon/rate-limiting/settings';
import { shellSettings } from '@orkeon/tools';

/**
 * The settings the compliance report reads from packages `@orkeon/compliance` does not
 * depend on (A2A, MCP, DLP, the shell tool, rate limiting), bound by their own sections.
 */
export function compliancePackageSettings(configuration: Configuration): PackageSettings {
  return {
    a2a: configuration.get(a2aSettings),
    a2aSecurity: configuration.get(a2aSecuritySettings),
    mcp: configuration.get(mcpSettings),
    dlp: configuration.get(dlpSettings),
    shell: configuration.get(shellSettings),
    toolRateLimiting: configuration.get(toolRateLimitingSettings),
    tokenBudget: configuration.get(tokenBudgetSettings),
  };
}
