/**
 * Scheduled products (issue 19): a product can appear on the shop from `startsAt` and leave it
 * at `endsAt` (both UTC instants, either may be absent). The owner enters the times as wall
 * clock times of the shop's time zone (Shop.timeZone, Asia/Kolkata unless set); these helpers
 * turn one into the other with Intl alone, so that the web form and the server agree.
 */

/** A shop's time zone until its owner saves another. */
export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

/** What a product past its end does: show the owner's message, or send the visitor to the shop. */
export const AFTER_END_ACTIONS = ['message', 'shop'] as const;
export type AfterEndAction = (typeof AFTER_END_ACTIONS)[number];

/** The message a product past its end shows when its owner wrote none. */
export const DEFAULT_ENDED_MESSAGE = 'This offer has ended. See what else the shop has.';
export const ENDED_MESSAGE_MAX = 300;

export const ScheduleMessages = {
  startsAtInvalid: 'Start must be a date and time, such as 2026-12-01T10:00:00+05:30',
  endsAtInvalid: 'End must be a date and time, such as 2026-12-01T10:00:00+05:30',
  endBeforeStart: 'The end must be after the start',
  afterEndInvalid: 'After the end, choose either message or shop',
  endedMessageTooLong: `The message after the end must be at most ${ENDED_MESSAGE_MAX} characters`,
  timeZoneInvalid: 'Time zone must be a zone name such as Asia/Kolkata',
  priceReadAtInvalid: 'priceReadAt must be the date and time the price was read, not in the future',
} as const;

/** An ISO 8601 instant with its zone (Z or ±hh:mm), as the API takes them. */
const INSTANT = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d{1,3})?)?(Z|[+-]\d\d:\d\d)$/;

/** A schedule time as the API takes it: an ISO instant, or null to clear it. */
export function instantProblem(message: string) {
  return (value: unknown): string | undefined => {
    if (value === null) return undefined;
    return typeof value === 'string' && INSTANT.test(value) && !Number.isNaN(Date.parse(value))
      ? undefined
      : message;
  };
}

/** True for a zone name Intl knows (e.g. "Asia/Kolkata", "UTC"). */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || !value || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneProblem = (value: unknown) =>
  isTimeZone(value) ? undefined : ScheduleMessages.timeZoneInvalid;

/** Where a product is in its window at `now`. */
export type ScheduleState = 'always' | 'scheduled' | 'live' | 'ended';

export function scheduleState(
  startsAt: string | Date | null | undefined,
  endsAt: string | Date | null | undefined,
  now: Date = new Date(),
): ScheduleState {
  const at = now.getTime();
  if (startsAt && new Date(startsAt).getTime() > at) return 'scheduled';
  if (endsAt && new Date(endsAt).getTime() <= at) return 'ended';
  return startsAt || endsAt ? 'live' : 'always';
}

/** The next start or end after `now` (a cached public read must not outlive it), or null. */
export function nextBoundary(
  times: ReadonlyArray<string | Date | null | undefined>,
  now: Date = new Date(),
): Date | null {
  let next: number | null = null;
  for (const time of times) {
    if (!time) continue;
    const at = new Date(time).getTime();
    if (at > now.getTime() && (next === null || at < next)) next = at;
  }
  return next === null ? null : new Date(next);
}

/**
 * How long, in whole seconds (at least 1), a read made at `now` may be kept: `max`, or less when
 * a boundary comes first. 0 when the boundary is now or past (do not keep it at all).
 */
export function secondsUntil(boundary: Date | null, max: number, now: Date = new Date()): number {
  if (!boundary) return max;
  const ms = boundary.getTime() - now.getTime();
  if (ms <= 0) return 0;
  return Math.min(max, Math.ceil(ms / 1000));
}

const partsFormat = (timeZone: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });

/** The wall clock of `instant` in `timeZone`, as a datetime-local value ("2026-12-01T10:00"). */
export function toZonedInput(instant: string | Date, timeZone: string): string {
  const parts = Object.fromEntries(
    partsFormat(timeZone)
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** Minutes `timeZone` is ahead of UTC at `instant` (330 for Asia/Kolkata). */
function offsetMinutes(instant: number, timeZone: string): number {
  const p = Object.fromEntries(
    partsFormat(timeZone)
      .formatToParts(new Date(instant))
      .map((part) => [part.type, Number(part.value)]),
  );
  const wall = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return Math.round((wall - Math.floor(instant / 1000) * 1000) / 60_000);
}

/**
 * The UTC instant of a wall clock time ("2026-12-01T10:00") in `timeZone`, or null when it is
 * no such time. A time skipped by a daylight-saving change is taken an hour later (as clocks
 * read it); a time that happens twice, the first of them.
 */
export function fromZonedInput(local: string, timeZone: string): Date | null {
  const match = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d)$/.exec(local);
  if (!match) return null;
  const asUtc = Date.parse(`${local}:00Z`);
  if (Number.isNaN(asUtc)) return null;
  // The zone's offset a day before and a day after: equal but around a clock change.
  const day = 86_400_000;
  const before = asUtc - offsetMinutes(asUtc - day, timeZone) * 60_000;
  const after = asUtc - offsetMinutes(asUtc + day, timeZone) * 60_000;
  const matching = [before, after].filter(
    (candidate) => toZonedInput(new Date(candidate), timeZone) === local,
  );
  return new Date(matching.length ? Math.min(...matching) : before);
}

/** "1 Dec, 10:00" in the shop's zone, as the dashboard says when a product starts or ends. */
function formatScheduleTime(instant: string | Date, timeZone: string): string {
  const format = new Intl.DateTimeFormat('en-IN', {
    timeZone,
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const parts = Object.fromEntries(
    format.formatToParts(new Date(instant)).map((part) => [part.type, part.value]),
  );
  return `${parts.day} ${parts.month}, ${parts.hour}:${parts.minute}`;
}

/** The dashboard's words for a product's window: "Scheduled · starts 1 Dec, 10:00", … */
export function scheduleLabel(
  startsAt: string | null | undefined,
  endsAt: string | null | undefined,
  timeZone: string,
  now: Date = new Date(),
): string | null {
  switch (scheduleState(startsAt, endsAt, now)) {
    case 'always':
      return null;
    case 'scheduled':
      return `Scheduled · starts ${formatScheduleTime(startsAt!, timeZone)}`;
    case 'live':
      return endsAt ? `Live · ends ${formatScheduleTime(endsAt, timeZone)}` : 'Live';
    case 'ended':
      return `Ended · ${formatScheduleTime(endsAt!, timeZone)}`;
  }
}

/** "24 Nov": the day a store page's price was read, in India's calendar. */
export function formatReadDate(instant: string | Date, timeZone = DEFAULT_TIME_ZONE): string {
  return new Intl.DateTimeFormat('en-IN', { timeZone, day: 'numeric', month: 'short' }).format(
    new Date(instant),
  );
}
