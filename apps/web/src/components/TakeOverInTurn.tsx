import { type ReactNode, Suspense } from 'react';
import { nextTask } from '../lib/scheduling';

/**
 * Taking a long server-rendered page over in turns. Preact takes a page's HTML over in one go,
 * and a shop of twenty-odd product cards held a phone's main thread for a long task (Lighthouse
 * counted it as blocking time). Parts of a page wrapped in `<TakeOverInTurn>` are left as the
 * server wrote them during that first pass, and taken over afterwards, a few at a time, each
 * few in a task of its own. A part's own HTML is on screen and its links work all along; its
 * buttons work once its turn has come, a few milliseconds later. Outside a take-over (the
 * app's own build, a page rendered in the browser, the server) the parts render as they are.
 *
 * It rides on Suspense: a part that suspends while Preact takes the page over keeps its server
 * markup, and is taken over when its promise resolves. Each part must render one element.
 */

/** Parts released per task: a phone's first screen of product cards is four. */
const PARTS_PER_TURN = 4;

interface Turn {
  promise: Promise<void>;
  release: () => void;
  released: boolean;
}

/** The turns of the take-over in progress, by part; null when none is. */
let turns: Turn[] | null = null;

function turnOf(order: number): Turn | null {
  if (!turns) return null;
  let turn = turns[order];
  if (!turn) {
    let release!: () => void;
    const promise = new Promise<void>((resolve) => (release = resolve));
    turn = {
      promise,
      release: () => {
        turn!.released = true;
        release();
      },
      released: false,
    };
    turns[order] = turn;
  }
  return turn;
}

function Waiting({ order, children }: { order: number; children: ReactNode }) {
  const turn = turnOf(order);
  if (turn && !turn.released) throw turn.promise;
  return children;
}

/**
 * A part of the page taken over in its turn (`order`, from 0: earlier parts first, so put
 * what the first screen shows first).
 */
export function TakeOverInTurn({ order, children }: { order: number; children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Waiting order={order}>{children}</Waiting>
    </Suspense>
  );
}

/** Called by the public pages' entry before it takes the page over: parts wait their turn. */
export function beginTakeOver(): void {
  turns = [];
}

/**
 * Called by the entry once the first pass is done: releases the waiting parts a few per task,
 * in order, and resolves when every part has been taken over.
 */
export async function takeOverInTurns(): Promise<void> {
  let next = 0;
  while (turns && next < turns.length) {
    await nextTask();
    const end = Math.min(next + PARTS_PER_TURN, turns.length);
    for (; next < end; next += 1) turnOf(next)?.release();
  }
  // Their renders run in the task that released them; one more turn lets the last finish.
  await nextTask();
  turns = null;
}
