import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SqliteMemoryProvider } from '@orkeon/store-sqlite';
import { describe, expect, it } from 'vitest';
import { finished } from './orkeon-process.js';
import { useScriptedRun } from './scripted-run.js';

// The path a user takes to change the key of encrypted memories: provision a key, run, provision
// the next key, switch to it with Svc:KeyRotation naming the retired one (orkeon run registers
// addSvcKeyRotation), rotate with orkeon keys rotate, and drop the retired key.

const scripted = useScriptedRun({
  crew: `name: research
memory: true
agents:
  scout: { role: Scout, goal: Find facts }
tasks:
  find: { description: "{question}", expected_output: A short answer, agent: scout }
`,
});

const question = 'question=When does the office wifi password change?';
const fact = 'The office wifi password rotates every Monday.';
/** Vectors from the scripted server's embeddings route: no model to load. */
const environment = { SVC_Llm__EmbeddingModel: 'scripted-embedding' };

/** The chat requests the server received (embedding requests left out), as JSON text. */
const chats = () =>
  scripted.server.requests
    .filter((request) => request.path.endsWith('/chat/completions'))
    .map((request) => JSON.stringify(request.body));

async function settings(encryption: Record<string, unknown>, keyRotation?: Record<string, unknown>): Promise<void> {
  const secretFile = join(scripted.folder.path, 'secrets.json');
  const tree = {
    Svc: {
      Encryption: { Enabled: true, SecretStore: 'file', SecretFile: secretFile, ...encryption },
      ...(keyRotation === undefined ? {} : { KeyRotation: keyRotation }),
    },
  };
  await writeFile(join(scripted.folder.path, 'appsettings.json'), JSON.stringify(tree));
}

describe('orkeon run and orkeon keys: changing the key of encrypted memories', () => {
  it('reads the retired key’s memories with Svc:KeyRotation, rotates them, and then needs the new key only', async () => {
    await settings({ SecretName: 'memory-key-1' });
    expect((await scripted.run(['keys', 'provision', '--name', 'memory-key-1'], { environment })).code).toBe(0);
    scripted.server.enqueue({ text: fact });
    const first = await scripted.run(['run', 'crew.yaml', '-V', question], { environment });
    expect(first.code, first.stderr).toBe(0);
    {
      await using state = new SqliteMemoryProvider({ path: join(scripted.folder.path, '.orkeon', 'state.db') });
      const [remembered] = (await state.listEntries()) ?? [];
      expect(remembered?.item.content.startsWith('orkeon-enc:v1:1:')).toBe(true);
      expect(remembered?.item.content).not.toContain('Monday');
    }

    // A new key, and the settings switched to it without naming the retired one: recall fails.
    const provisioned = await scripted.run(['keys', 'provision', '--name', 'memory-key-2'], { environment });
    expect(provisioned.stdout).toContain("Created key 'memory-key-2' (256 bits)");
    await settings({ SecretName: 'memory-key-2', KeyVersion: '2' });
    scripted.server.enqueue({ text: 'I do not know.' });
    const blind = await scripted.run(['run', 'crew.yaml', '-V', question], { environment });
    expect(blind.code, blind.stderr).toBe(0);
    expect(chats()[1]).not.toContain(fact);
    expect(blind.stderr).toContain('crew memory could not be read');

    // Svc:KeyRotation names the retired key: a new orkeon process recalls what it sealed.
    await settings({ SecretName: 'memory-key-2', KeyVersion: '2' }, { PreviousSecretName: 'memory-key-1' });
    scripted.server.enqueue({ text: 'On Mondays.' });
    const recalled = await finished(scripted.start(['run', 'crew.yaml', '-V', question], { environment }));
    expect(recalled.code, recalled.stderr).toBe(0);
    expect(chats()[2]).toContain('What you remember from earlier work');
    expect(chats()[2]).toContain(fact);

    // Rotation re-encrypts the one memory of the retired key; the other two are sealed with the new key already.
    const rotated = await scripted.run(['keys', 'rotate'], { environment });
    expect(rotated.code, rotated.stderr).toBe(0);
    expect(rotated.stderr).toMatch(
      /Rotating the sqlite memory store .* from key 'memory-key-1' to key 'memory-key-2' \(version 2\)/,
    );
    expect(rotated.stdout).toContain('Completed: 1 of 3 entries re-encrypted to key version 2 (2 already were');

    // Without the retired key the memories still read: they are all under the new key.
    await settings({ SecretName: 'memory-key-2', KeyVersion: '2' });
    scripted.server.enqueue({ text: 'Every Monday.' });
    const after = await scripted.run(['run', 'crew.yaml', '-V', question], { environment });
    expect(after.code, after.stderr).toBe(0);
    expect(chats()[3]).toContain(fact);
    expect(after.stderr).not.toContain('crew memory could not be read');
  }, 90_000);
});
