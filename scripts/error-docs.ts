// Renders docs/errors.md from the error-code registries and where each code is thrown.
import { vfsFailureCodes } from '@orkeon/core';
import { type CodeUse, type ErrorRegistry, findCodeUses, loadErrorRegistries } from './error-codes-catalogue.js';

/** The whole text of docs/errors.md, as the registries and sources are now. */
export async function renderErrorDocs(): Promise<string> {
  const registries = await loadErrorRegistries();
  const uses = (await Promise.all(registries.map((registry) => findCodeUses(registry.folder)))).flat();
  return [introduction, ...registries.map((registry) => packageSection(registry, uses)), vfsSection()].join('\n');
}

function packageSection(registry: ErrorRegistry, uses: readonly CodeUse[]): string {
  const typeName = `${registry.exportName.slice(0, 1).toUpperCase()}${registry.exportName.slice(1, -'s'.length)}`;
  const rows = Object.entries(registry.codes).map(([code, description]) => {
    const classes = [...new Set(uses.filter((use) => use.code === code).map((use) => `\`${use.errorClass}\``))];
    return `| \`${code}\` | ${classes.sort().join(', ') || '—'} | ${description} |`;
  });
  return `## ${registry.packageName}

Registry \`${registry.exportName}\`, type \`${typeName}\`.

| Code | Carried by | What happened and what to do |
| --- | --- | --- |
${rows.join('\n')}
`;
}

function vfsSection(): string {
  const rows = Object.entries(vfsFailureCodes).map(([code, description]) => `| \`${code}\` | ${description} |`);
  return `## File-system results (\`VfsFailureCode\`)

The virtual file system does not throw for a refused or failed operation: it returns
\`{ ok: false, code, message }\`, and the file tools turn it into text the agent reads (\`DENIED: …\` for
\`INVALID_PATH\`, \`NO_MOUNT\`, \`ACCESS_DENIED\`, \`OUTSIDE_MOUNT\` and \`TOO_LARGE\`, \`Error: …\` for the
rest). These result codes are short on purpose and outside the error registries; the object
\`vfsFailureCodes\` of \`@orkeon/core\` lists them.

| Code | Meaning |
| --- | --- |
${rows.join('\n')}
`;
}

const introduction = `# Error codes

<!-- Made by \`npm run docs:errors\` from the error-code registries; a test fails when it is out of date. -->

Every error Orkeon throws on purpose is an \`OrkeonError\` with a stable \`code\`. Branch on the code, not
on the message (messages name the problem and the fix, and their wording may improve):

\`\`\`ts
import { OrkeonError } from '@orkeon/core';

try {
  await runtime.run(crew, input);
} catch (error) {
  if (OrkeonError.isInstance(error) && error.code === 'LLM_RATE_LIMITED') {
    // try again later
  }
}
\`\`\`

\`OrkeonError.isInstance\` works across two copies of a package, where \`instanceof\` does not; each error
class has its own \`isInstance\` too. Codes read \`AREA_OBJECT_PROBLEM\` (the object is left out when it is
the area itself, as in \`CREW_INVALID\`). Each package keeps its codes in one registry object, exported
beside a type of the same name (\`coreErrorCodes\` and \`CoreErrorCode\`, …), and its error classes are typed
with that union, so a code that is not registered does not compile. How errors reach the console and the
logs is in [errors-and-logging.md](errors-and-logging.md).

Node.js, OpenSSL, undici and Fastify codes (\`ENOENT\`, \`CERT_HAS_EXPIRED\`, \`UND_ERR_*\`, \`FST_ERR_*\`) are
theirs, not Orkeon's: they appear only as the \`cause\` of an Orkeon error.
`;
