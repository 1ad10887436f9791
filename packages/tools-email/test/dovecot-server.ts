import { type ChildProcess, spawn } from 'node:child_process';
import { access, chmod, chown, mkdir, readFile, writeFile } from 'node:fs/promises';
import { createConnection, createServer } from 'node:net';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';

/** A Dovecot IMAP server of the tests: loopback only, passwd-file users, Maildir in a temporary folder. */
export interface DovecotServer extends AsyncDisposable {
  readonly host: string;
  /** Plain IMAP; STARTTLS offered (and required before login). */
  readonly imapPort: number;
  /** IMAP over TLS from the first byte. */
  readonly imapsPort: number;
  /** The server's log, for failure messages. */
  log(): Promise<string>;
  stop(): Promise<void>;
}

export interface DovecotUser {
  readonly name: string;
  readonly password: string;
}

export interface StartDovecotOptions {
  /** PEM files of the server certificate and its key. */
  readonly certificate: { readonly certPath: string; readonly keyPath: string };
  readonly users: readonly DovecotUser[];
}

const dovecotCandidates = ['/usr/sbin/dovecot', '/usr/local/sbin/dovecot'];

/**
 * Starts `dovecot -F` with its own configuration in a temporary folder. As root, Dovecot's
 * helpers run as the `dovecot`/`dovenull` users (else `nobody`) and mail belongs to `nobody`;
 * as any other user, everything runs as that user.
 */
export async function startDovecotServer(options: StartDovecotOptions): Promise<DovecotServer> {
  const binary = await findDovecot();
  const folder = await createTemporaryDirectory('orkeon-dovecot-');
  try {
    const identity = await dovecotIdentity();
    // The mail processes run as another user when we are root: they must reach the folder.
    await chmod(folder.path, 0o755);
    const mail = join(folder.path, 'mail');
    await mkdir(mail);
    if (identity.isRoot) await chown(mail, identity.mailUid, identity.mailGid);
    const [imapPort, imapsPort] = [await freePort(), await freePort()];
    const users = join(folder.path, 'users');
    await writeFile(users, options.users.map((user) => `${user.name}:{PLAIN}${user.password}::::\n`).join(''), {
      mode: 0o644,
    });
    const configuration = join(folder.path, 'dovecot.conf');
    await writeFile(
      configuration,
      configurationText({ folder: folder.path, users, mail, imapPort, imapsPort, identity, ...options.certificate }),
    );
    const child = spawn(binary, ['-c', configuration, '-F'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const logPath = join(folder.path, 'dovecot.log');
    const log = () => readFile(logPath, 'utf8').catch(() => '');
    const stop = () => stopDovecot(child, folder);
    try {
      await waitForGreeting(imapPort, child);
    } catch (error) {
      await stop();
      throw new Error(`Dovecot did not start: ${(error as Error).message}\n${output}`);
    }
    return { host: '127.0.0.1', imapPort, imapsPort, log, stop, [Symbol.asyncDispose]: stop };
  } catch (error) {
    await folder.remove();
    throw error;
  }
}

interface DovecotIdentity {
  readonly isRoot: boolean;
  readonly internalUser: string;
  readonly internalGroup: string;
  readonly loginUser: string;
  readonly mailUid: number;
  readonly mailGid: number;
}

async function dovecotIdentity(): Promise<DovecotIdentity> {
  const passwd = await readEntries('/etc/passwd');
  const groups = await readEntries('/etc/group');
  const groupName = (gid: number) => groups.find((entry) => entry[2] === String(gid))?.[0];
  const user = (name: string) => passwd.find((entry) => entry[0] === name);
  const me = userInfo();
  if (me.uid !== 0) {
    const group = groupName(me.gid);
    if (group === undefined) throw new Error(`The group ${me.gid} of the current user has no name in /etc/group.`);
    return {
      isRoot: false,
      internalUser: me.username,
      internalGroup: group,
      loginUser: me.username,
      mailUid: me.uid,
      mailGid: me.gid,
    };
  }
  const nobody = user('nobody');
  if (nobody === undefined) throw new Error("Running as root needs the user 'nobody' for the mail processes.");
  const internal = user('dovecot') ?? nobody;
  const login = user('dovenull') ?? nobody;
  const internalGroup = groupName(Number(internal[3]));
  if (internalGroup === undefined) throw new Error(`The group of user '${internal[0]}' has no name in /etc/group.`);
  return {
    isRoot: true,
    internalUser: internal[0] ?? 'nobody',
    internalGroup,
    loginUser: login[0] ?? 'nobody',
    mailUid: Number(nobody[2]),
    mailGid: Number(nobody[3]),
  };
}

async function readEntries(file: string): Promise<string[][]> {
  const text = await readFile(file, 'utf8');
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => line.split(':'));
}

function configurationText(values: {
  folder: string;
  users: string;
  mail: string;
  imapPort: number;
  imapsPort: number;
  identity: DovecotIdentity;
  certPath: string;
  keyPath: string;
}): string {
  const { folder, identity } = values;
  return `# Written by the e-mail tool tests.
base_dir = ${folder}/run
state_dir = ${folder}/state
log_path = ${folder}/dovecot.log
protocols = imap
listen = 127.0.0.1
default_internal_user = ${identity.internalUser}
default_internal_group = ${identity.internalGroup}
default_login_user = ${identity.loginUser}
first_valid_uid = ${Math.min(identity.mailUid, 1)}
first_valid_gid = 0
ssl = required
ssl_cert = <${values.certPath}
ssl_key = <${values.keyPath}
ssl_min_protocol = TLSv1.2
disable_plaintext_auth = yes
auth_mechanisms = plain login
auth_failure_delay = 0
mail_location = maildir:${values.mail}/%u
mail_max_userip_connections = 200
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${values.users}
}
userdb {
  driver = static
  args = uid=${identity.mailUid} gid=${identity.mailGid} home=${values.mail}/%u
}
namespace inbox {
  inbox = yes
  separator = /
  mailbox Drafts {
    special_use = \\Drafts
    auto = create
  }
  mailbox Sent {
    special_use = \\Sent
    auto = create
  }
  mailbox Trash {
    special_use = \\Trash
    auto = create
  }
}
service anvil {
  chroot =
}
service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = ${values.imapPort}
  }
  inet_listener imaps {
    address = 127.0.0.1
    port = ${values.imapsPort}
    ssl = yes
  }
}
`;
}

async function findDovecot(): Promise<string> {
  for (const candidate of dovecotCandidates) {
    try {
      await access(candidate);
      return candidate;
    } catch {
      // try the next place
    }
  }
  throw new Error("Dovecot is not installed: install the Debian packages 'dovecot-core' and 'dovecot-imapd'.");
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Waits until the plain port greets with `* OK`, the sign that the login process is up. */
async function waitForGreeting(port: number, child: ChildProcess): Promise<void> {
  const until = Date.now() + 20_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`dovecot exited with code ${child.exitCode}`);
    if (await greets(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('no greeting within 20 s');
}

function greets(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    let text = '';
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2_000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes('\n')) done(text.startsWith('* OK'));
    });
  });
}

async function stopDovecot(child: ChildProcess, folder: TemporaryDirectory): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  }
  await folder.remove();
}
