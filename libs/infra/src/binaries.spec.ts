import { newestFirst, parsePasswdUser } from './binaries';

describe('newestFirst', () => {
  it('orders PostgreSQL version folders by number, newest first', () => {
    expect(newestFirst(['9.6', '15', '16', '10', '9.10'])).toEqual([
      '16',
      '15',
      '10',
      '9.10',
      '9.6',
    ]);
  });
});

describe('parsePasswdUser', () => {
  const passwd = [
    'root:x:0:0:root:/root:/bin/bash',
    'nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin',
    'postgres:x:101:104:PostgreSQL administrator,,,:/var/lib/postgresql:/bin/bash',
  ].join('\n');

  it('reads the uid and gid of a user', () => {
    expect(parsePasswdUser(passwd, 'postgres')).toEqual({ uid: 101, gid: 104 });
  });

  it('is undefined for an unknown user, including a prefix of a known one', () => {
    expect(parsePasswdUser(passwd, 'post')).toBeUndefined();
  });
});
