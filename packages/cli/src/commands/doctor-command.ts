import type { CliCommandAction } from '../cli-command.js';
import type { DoctorCheck } from '../doctor/doctor-check.js';
import { checkLlm } from '../doctor/llm-check.js';
import { checkMcpServers } from '../doctor/mcp-check.js';
import { checkNode } from '../doctor/node-check.js';
import { checkPackages } from '../doctor/packages-check.js';
import { checkSettings } from '../doctor/settings-check.js';
import { ExitCode } from '../exit-codes.js';
import { cliVersion } from '../version.js';

/** What `orkeon doctor` does; its options and help are in `doctor-command-definition.ts`. */
export const doctorAction: CliCommandAction = {
  async run(context, command) {
    const { json } = command.opts<{ json?: boolean }>();
    const settings = await checkSettings(() => context.configuration());
    const checks: DoctorCheck[] = [checkNode(), ...settings.checks];
    if (settings.configuration !== undefined) checks.push(checkLlm(settings.configuration));
    if (settings.configuration !== undefined)
      checks.push(...(await checkMcpServers(settings.configuration, await context.logger())));
    checks.push(...(await checkPackages()));
    const ok = checks.every((check) => check.status !== 'fail');
    const out = context.io.stdout;
    if (json === true) {
      out.write(`${JSON.stringify({ ok, version: cliVersion, checks }, null, 2)}\n`);
    } else {
      out.write(`orkeon ${cliVersion} doctor\n`);
      const width = Math.max(...checks.map((check) => check.check.length));
      for (const check of checks)
        out.write(
          `  ${check.status.padEnd(4)}  ${check.check.padEnd(width)}  ${check.code === undefined ? '' : `${check.code}: `}${check.detail}\n`,
        );
      const failed = checks.filter((check) => check.status === 'fail').length;
      const warned = checks.filter((check) => check.status === 'warn').length;
      out.write(
        failed > 0
          ? `${failed} check(s) failed.\n`
          : `All checks passed${warned > 0 ? ` (${warned} warning${warned > 1 ? 's' : ''})` : ''}.\n`,
      );
    }
    return ok ? ExitCode.ok : ExitCode.usage;
  },
};
