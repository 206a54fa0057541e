/**
 * The text forms of dates and times, shared by reading files, casting filters and writes, and
 * answering: one definition of what a valid day or time of day is.
 */

const TIME_OF_DAY = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.(\d{1,3}))?)?$/;

/** `HH:mm`, `HH:mm:ss` or `HH:mm:ss.S…` → `HH:mm:ss.SSS`; undefined when it is not a time of day. */
export function canonicalTime(value: string): string | undefined {
  const match = TIME_OF_DAY.exec(value);
  return match ? `${match[1]}:${match[2]}:${match[3] ?? '00'}.${(match[4] ?? '').padEnd(3, '0')}` : undefined;
}

/** Whether year, month and day name a day that exists (no 2023-02-29), by arithmetic. */
export function isCalendarDay(year: number, month: number, day: number): boolean {
  if (!(month >= 1 && month <= 12 && day >= 1)) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = month === 2 ? (leap ? 29 : 28) : month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
  return day <= days;
}

/** Whether the `YYYY-MM-DD` at the start of a string is a day that exists. */
export function startsWithCalendarDay(value: string): boolean {
  return isCalendarDay(Number(value.slice(0, 4)), Number(value.slice(5, 7)), Number(value.slice(8, 10)));
}

/**
 * Whether a string is exactly the form this project writes, `YYYY-MM-DDTHH:mm:ss.sssZ`, naming a
 * real instant: checked by character codes, as every timestamp of every file is at start-up.
 * False only means "not this form" (callers fall back to a general check).
 */
export function isCanonicalDateTime(value: string): boolean {
  if (value.length !== 24 || value.charCodeAt(23) !== 90 /* Z */) return false;
  for (let i = 0; i < 23; i++) {
    const code = value.charCodeAt(i);
    const expected = i === 4 || i === 7 ? 45 /* - */ : i === 10 ? 84 /* T */ : i === 13 || i === 16 ? 58 /* : */ : i === 19 ? 46 /* . */ : -1;
    if (expected === -1 ? code < 48 || code > 57 : code !== expected) return false;
  }
  const two = (at: number): number => (value.charCodeAt(at) - 48) * 10 + value.charCodeAt(at + 1) - 48;
  return two(11) <= 23 && two(14) <= 59 && two(17) <= 59 && isCalendarDay(two(0) * 100 + two(2), two(5), two(8));
}

/**
 * A date-time in the one form answers use, `YYYY-MM-DDTHH:mm:ss.sssZ` (other ISO 8601 forms and
 * offsets are converted); undefined when the text names no instant. Text already in that shape is
 * returned as it is, unparsed: it is what files hold, and reading them checked it (check-document).
 */
export function canonicalDateTime(value: string): string | undefined {
  if (value.length === 24 && value.charCodeAt(10) === 84 /* T */ && value.charCodeAt(19) === 46 /* . */ && value.charCodeAt(23) === 90 /* Z */) return value;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
}
