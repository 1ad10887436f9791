import { describe, expect, it } from 'vitest';
import { MountError, parseMount, VirtualFileSystem } from '../../src/index.js';

describe('mount strings', () => {
  it('parses physical:virtual:rights with sub-path overrides', () => {
    const mount = parseMount('/srv/data:/workspace:ro;out:rw;/workspace/logs:rwnd');
    expect(mount).toEqual({
      physical: '/srv/data',
      virtual: '/workspace',
      rights: 'ro',
      overrides: [
        { path: 'out', rights: 'rw' },
        { path: 'logs', rights: 'rwnd' },
      ],
      visibility: 'agent',
    });
  });

  it('resolves a relative physical folder from the base directory and keeps drive letters', () => {
    expect(parseMount('./data:/workspace:rw', { baseDirectory: '/home/me' }).physical).toBe('/home/me/data');
    expect(parseMount('C:\\data:/workspace:rw').virtual).toBe('/workspace');
  });

  it.each([
    [
      '/srv/data:workspace:rw',
      /virtual path 'workspace' is relative\. Virtual paths start with '\/', e\.g\. \/workspace/,
    ],
    ['/srv/data:/workspace:rx', /unknown rights 'rx'\. Rights are ro, rw, rwnd/],
    ['/srv/data:/workspace', /must be written physical:virtual:rights/],
    ['/srv/data:C:/workspace:rw', /drive letter/],
    ['/srv/data:/:rw', /cannot be mounted at '\/'/],
    ['/srv/data:/../x:rw', /path traversal/],
    ['/srv/data:/workspace:ro;out', /bad sub-path override 'out'/],
    ['/srv/data:/workspace:ro;../up:rw', /bad sub-path '..\/up'/],
    ['/srv/data:/workspace:ro;out:rw;out:ro', /overrides the sub-path 'out' twice/],
    ['/srv/data:/work%2e:rw', /percent-encoding/],
  ])('refuses %s with an actionable message', (text, message) => {
    expect(() => parseMount(text)).toThrow(MountError);
    expect(() => parseMount(text)).toThrow(message);
  });

  it('refuses two mounts on one root, and a folder that does not exist', async () => {
    await expect(VirtualFileSystem.create(['/tmp:/workspace:ro', '/var:/workspace:rw'])).rejects.toThrow(
      "Two mounts use the virtual root '/workspace' (/tmp and /var). Each root may be mounted once.",
    );
    await expect(VirtualFileSystem.create(['/definitely/not/here:/workspace:ro'])).rejects.toThrow(
      /Mount '\/workspace': the folder '\/definitely\/not\/here' does not exist/,
    );
  });
});
