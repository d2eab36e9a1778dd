import { describe, expect, it } from 'vitest';
import { assertWebhookTarget, isPrivateAddress, refusedTarget } from './webhook-address';

describe('webhook addresses and private networks', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['10.1.2.3', true],
    ['172.16.0.1', true],
    ['172.31.255.255', true],
    ['172.32.0.1', false],
    ['192.168.1.1', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['0.0.0.0', true],
    ['::1', true],
    ['[::1]', true],
    ['fd12:3456::1', true],
    ['fe80::1', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:8.8.8.8', false],
    ['8.8.8.8', false],
    ['2606:4700::1111', false],
    ['ats.example.com', false],
  ])('%s → private %s', (address, expected) => {
    expect(isPrivateAddress(address)).toBe(expected);
  });

  it('refuses a private host when saving unless the server allows them', () => {
    for (const url of [
      'http://localhost:4000/hook',
      'https://127.0.0.1/hook',
      'https://10.0.0.5/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/hook',
      'https://api.localhost/hook',
    ]) {
      expect(() => assertWebhookTarget(url, false), url).toThrow(/private network/);
      expect(() => assertWebhookTarget(url, true), url).not.toThrow();
    }
    expect(() => assertWebhookTarget('https://ats.example.com/hook', false)).not.toThrow();
  });

  it('refuses at send time a name that resolves to this machine', async () => {
    expect(await refusedTarget('https://localhost:9/hook', false)).toMatch(/private network/);
    expect(await refusedTarget('https://127.0.0.1:9/hook', false)).toMatch(/private network/);
    expect(await refusedTarget('https://localhost:9/hook', true)).toBeNull();
    expect(await refusedTarget('https://8.8.8.8/hook', false)).toBeNull();
  });
});
