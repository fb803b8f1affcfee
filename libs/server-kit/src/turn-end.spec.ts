import { atTurnEnd } from './turn-end';

describe('work deferred to the end of the turn', () => {
  it('runs after the callbacks of this turn, all of it together, in order', async () => {
    const ran: string[] = [];
    atTurnEnd(() => ran.push('first'));
    await Promise.resolve();
    ran.push('microtask of this turn');
    atTurnEnd(() => ran.push('second'));
    expect(ran).toEqual(['microtask of this turn']);
    await new Promise((done) => setImmediate(done));
    expect(ran).toEqual(['microtask of this turn', 'first', 'second']);
  });

  it('runs the others when one throws', async () => {
    const ran: string[] = [];
    atTurnEnd(() => {
      throw new Error('socket closed');
    });
    atTurnEnd(() => ran.push('after'));
    await new Promise((done) => setImmediate(done));
    expect(ran).toEqual(['after']);
  });
});
