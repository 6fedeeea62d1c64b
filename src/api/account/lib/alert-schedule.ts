/**
 * When an alert is sent (pure): an instant one at once; a daily or weekly one with the buyer's next
 * digest, at `hour` o'clock in `timeZone` (Asia/Dubai), weekly ones on `weekday` (0 Sunday .. 6
 * Saturday). Every alert of a buyer due at the same digest time goes in one e-mail.
 */

export type AlertFrequency = 'instant' | 'daily' | 'weekly';

export interface DigestSchedule {
  hour: number;
  weekday: number;
  timeZone: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The wall-clock fields of `time` in `timeZone`, as if they were UTC. */
function wallClock(time: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
  }).formatToParts(new Date(time));
  const field = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  return Date.UTC(field('year'), field('month') - 1, field('day'), field('hour'), field('minute'), field('second'));
}

/** The instant the wall clock of `timeZone` shows `wall` (a UTC-encoded local time). */
function instantOf(wall: number, timeZone: string): number {
  const guess = wall - (wallClock(wall, timeZone) - wall);
  return guess - (wallClock(guess, timeZone) - wall);
}

/** When an alert of `frequency` found at `now` is sent. */
export function alertDueAt(frequency: AlertFrequency, now: number, schedule: DigestSchedule): number {
  if (frequency === 'instant') return now;
  const local = wallClock(now, schedule.timeZone);
  const midnight = local - (local % DAY_MS);
  let due = midnight + schedule.hour * 60 * 60 * 1000;
  if (due <= local) due += DAY_MS;
  if (frequency === 'weekly') {
    while (new Date(due).getUTCDay() !== schedule.weekday) due += DAY_MS;
  }
  return instantOf(due, schedule.timeZone);
}
