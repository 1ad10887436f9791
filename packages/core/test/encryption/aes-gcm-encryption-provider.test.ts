import { randomBytes } from 'node:crypto';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { AesGcmEncryptionProvider } from '../../src/encryption/aes-gcm-encryption-provider.js';
import { DecryptionFailedError } from '../../src/encryption/encryption-errors.js';
import type { EncryptionProvider } from '../../src/encryption/encryption-provider.js';

const provider = (key = randomBytes(32), keyVersion?: string) =>
  new AesGcmEncryptionProvider(keyVersion === undefined ? { key } : { key, keyVersion });

describe('AesGcmEncryptionProvider', () => {
  it('opens what it sealed, never seals a text the same way twice, and records its key version', async () => {
    const aes = provider(randomBytes(32), '4');
    const sealed = await aes.encrypt('Ada’s door code is 4711.', 'door');
    expect(sealed).not.toContain('4711');
    expect(Buffer.from(sealed, 'base64').length).toBe(12 + Buffer.byteLength('Ada’s door code is 4711.') + 16);
    expect(await aes.encrypt('Ada’s door code is 4711.', 'door')).not.toBe(sealed);
    expect(await aes.decrypt(sealed, 'door')).toBe('Ada’s door code is 4711.');
    expect(aes.keyVersion).toBe('4');
    expect(provider().keyVersion).toBe('1');
  });

  it('refuses another key, other associated data, a changed text and a key that is not 32 bytes', async () => {
    const key = randomBytes(32);
    const sealed = await provider(key).encrypt('secret', 'door');
    await expect(provider().decrypt(sealed, 'door')).rejects.toSatisfy((error) =>
      DecryptionFailedError.isInstance(error),
    );
    await expect(provider(key).decrypt(sealed, 'window')).rejects.toMatchObject({
      code: 'ENCRYPTION_DECRYPTION_FAILED',
    });
    const bytes = Buffer.from(sealed, 'base64');
    bytes[14] = (bytes[14] ?? 0) ^ 1;
    await expect(provider(key).decrypt(bytes.toString('base64'), 'door')).rejects.toMatchObject({
      code: 'ENCRYPTION_DECRYPTION_FAILED',
    });
    await expect(provider(key).decrypt('c2hvcnQ=', 'door')).rejects.toMatchObject({
      code: 'ENCRYPTION_DECRYPTION_FAILED',
    });
    expect(() => provider(randomBytes(16))).toThrow(expect.objectContaining({ code: 'ENCRYPTION_KEY_INVALID' }));
  });

  it('cannot rotate its key in place: it throws not-supported, naming the way to rotate', async () => {
    const aes = provider();
    await expect(aes.rotateKeyInPlace()).rejects.toMatchObject({
      code: 'ENCRYPTION_IN_PLACE_ROTATION_UNSUPPORTED',
      message: expect.stringContaining('orkeon keys rotate'),
    });
    // Its key is unchanged: what it sealed before still opens.
    const sealed = await aes.encrypt('kept');
    await aes.rotateKeyInPlace().catch(() => undefined);
    expect(await aes.decrypt(sealed)).toBe('kept');
  });

  it('is typed as the port', () => {
    expectTypeOf<AesGcmEncryptionProvider>().toExtend<EncryptionProvider>();
    expectTypeOf<EncryptionProvider['encrypt']>().returns.toEqualTypeOf<Promise<string>>();
    expectTypeOf<EncryptionProvider['rotateKeyInPlace']>().returns.toEqualTypeOf<Promise<void>>();
  });
});
