import { describe, expect, it } from 'vitest';
import { parseRedisConnectionString } from '../src/index.js';

describe('parseRedisConnectionString', () => {
  it.each([
    ['localhost:6379', { host: 'localhost', port: 6379, tls: false }],
    ['cache.internal', { host: 'cache.internal', port: 6379, tls: false }],
    ['10.1.2.3:7000', { host: '10.1.2.3', port: 7000, tls: false }],
    ['[::1]:6380', { host: '::1', port: 6380, tls: false }],
    [
      'redis.internal:6379,password=p@ss:w,ord,user=app,ssl=true,defaultDatabase=4'.replace(',ord', ''),
      { host: 'redis.internal', port: 6379, password: 'p@ss:w', username: 'app', tls: true, database: 4 },
    ],
    [' host:1 , Password = x ', { host: 'host', port: 1, password: 'x', tls: false }],
    ['redis://localhost', { host: 'localhost', port: 6379, tls: false }],
    ['redis://localhost:6390/', { host: 'localhost', port: 6390, tls: false }],
    [
      'redis://:secret@localhost:6390/3',
      { host: 'localhost', port: 6390, password: 'secret', tls: false, database: 3 },
    ],
    [
      'rediss://app:s%40cr%3At@cache.example:6380/0',
      { host: 'cache.example', port: 6380, username: 'app', password: 's@cr:t', tls: true, database: 0 },
    ],
    ['REDIS://[::1]:7001', { host: '::1', port: 7001, tls: false }],
  ])('reads %s', (text, expected) => {
    expect(parseRedisConnectionString(text)).toEqual(expected);
  });

  it.each([
    ['', 'is empty'],
    ['http://host:6379', "scheme is 'http'"],
    ['redis://host:0', 'port is not a number from 1 to 65535'],
    ['host:65536', 'port is not a number from 1 to 65535'],
    ['redis://host/one', 'database is not a whole number'],
    ['host:6379,defaultDatabase=-1', 'database is not a whole number'],
    ['redis://host?db=2', 'has a query or fragment'],
    ['host:6379,host2:6379', 'a second server'],
    ['host:6379,abortConnect=false', "the option 'abortconnect'"],
    ['host:6379,ssl=yes', "'ssl' is not true or false"],
    ['user@host:6379', 'does not start with a host'],
    ['redis://:%zz@host', 'password is not valid percent-encoding'],
  ])('refuses %j, saying why', (text, why) => {
    expect(() => parseRedisConnectionString(text)).toThrow(why);
    expect(() => parseRedisConnectionString(text)).toThrow(
      expect.objectContaining({ code: 'REDIS_MEMORY_OPTIONS_INVALID' }),
    );
  });
});
