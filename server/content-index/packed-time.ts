/** A timestamp as a number when its ISO text comes back from it exactly, else as that text. */
export function packTime(text: string | null): number | string | null {
  if (text === null || !isCanonicalIso(text)) return text;
  const ms = Date.parse(text);
  return Number.isFinite(ms) ? ms : text;
}

const DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Whether a text is exactly what toISOString writes for some time (`YYYY-MM-DDTHH:mm:ss.sssZ`, a real date). */
function isCanonicalIso(text: string): boolean {
  if (
    text.length !== 24 ||
    text[4] !== '-' ||
    text[7] !== '-' ||
    text[10] !== 'T' ||
    text[13] !== ':' ||
    text[16] !== ':' ||
    text[19] !== '.' ||
    text[23] !== 'Z'
  )
    return false;
  const number = (from: number, to: number): number => {
    let value = 0;
    for (let i = from; i < to; i++) {
      const digit = text.charCodeAt(i) - 48;
      if (digit < 0 || digit > 9) return NaN;
      value = value * 10 + digit;
    }
    return value;
  };
  const year = number(0, 4);
  const month = number(5, 7);
  const day = number(8, 10);
  if (!(month >= 1 && month <= 12 && day >= 1 && day <= DAYS[month - 1]!)) return false;
  if (month === 2 && day === 29 && !(year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0))) return false;
  return number(11, 13) <= 23 && number(14, 16) <= 59 && number(17, 19) <= 59 && number(20, 23) >= 0;
}

export function unpackTime(value: number | string | null): string | null {
  return typeof value === 'number' ? new Date(value).toISOString() : value;
}
