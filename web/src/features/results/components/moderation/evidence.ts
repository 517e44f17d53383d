import type { ModerationFlag, ModerationFlagKind } from '#contract/moderation';
import { count as plural, figure } from '#contract/numbers';

/** What each flag is called on the screen. */
export const flagLabels: Record<ModerationFlagKind, string> = {
  similarity: 'Similar answers',
  fast_finish: 'Fast finish',
  ip_changes: 'Address changes',
  concurrent_sessions: 'Two sessions at once',
};

/** "Thandi Mokoena" → "Thandi M." */
export function shortName(full: string): string {
  const words = full.trim().split(/\s+/);
  if (words.length < 2) return full.trim();
  return `${words[0]} ${words.at(-1)!.charAt(0)}.`;
}

const superscript = (n: number) =>
  String(n)
    .split('')
    .map((d) => '⁰¹²³⁴⁵⁶⁷⁸⁹'[Number(d)])
    .join('');

/** A probability in words: "a 1 in 3 billion chance". */
export function chanceInWords(probability: number): string {
  if (!(probability > 0)) return 'a chance smaller than 1 in 10³⁰⁰';
  const odds = 1 / probability;
  if (odds < 2) return `a ${Math.round(probability * 100)} % chance`;
  const scales: Array<[number, string]> = [
    [1e12, 'trillion'],
    [1e9, 'billion'],
    [1e6, 'million'],
  ];
  if (odds >= 1e15) return `a 1 in 10${superscript(Math.floor(Math.log10(odds)))} chance`;
  for (const [scale, word] of scales) {
    if (odds >= scale) {
      const n = odds / scale;
      return `a 1 in ${n < 10 ? n.toFixed(1).replace(/\.0$/, '') : Math.round(n)} ${word} chance`;
    }
  }
  return `a 1 in ${figure(Math.round(odds))} chance`;
}

/** One flag's evidence in plain words. */
export function flagSentence(flag: ModerationFlag): string {
  switch (flag.kind) {
    case 'similarity': {
      const e = flag.evidence;
      return (
        `Matches ${shortName(flag.other.learnerName || flag.other.username)} on ${plural(e.sharedWrong, 'wrong answer')}: ` +
        `${chanceInWords(e.probability)}. By chance about ${e.expected.toFixed(1)} of the ${e.bothWrong} questions ` +
        `both got wrong would match; ${e.sharedAnswers} of ${e.bothAnswered} answers are identical.`
      );
    }
    case 'fast_finish': {
      const e = flag.evidence;
      const score = e.score != null && e.maxScore != null ? `, scoring ${e.score} of ${e.maxScore}` : '';
      return `Finished in ${plural(Math.round(e.minutes * 10) / 10, 'minute')}${score}; the median learner took ${Math.round(e.medianMinutes)} minutes.`;
    }
    case 'ip_changes':
      return `The network address changed ${plural(flag.evidence.count, 'time')} while writing${flag.evidence.lastIp ? ` (last ${flag.evidence.lastIp})` : ''}.`;
    case 'concurrent_sessions':
      return `Signed in on ${flag.evidence.devices} devices at once while writing.`;
  }
}

/** "Chrome on Windows"-like: the first recognisable browser and system words of a user agent. */
export function browserOf(agent: string | null): string {
  if (!agent) return 'an unknown browser';
  const browser = /Edg\//.test(agent)
    ? 'Edge'
    : /Chrome\//.test(agent)
      ? 'Chrome'
      : /Firefox\//.test(agent)
        ? 'Firefox'
        : /Safari\//.test(agent)
          ? 'Safari'
          : 'a browser';
  const system = /Android/.test(agent)
    ? 'Android'
    : /iPhone|iPad/.test(agent)
      ? 'iOS'
      : /Windows/.test(agent)
        ? 'Windows'
        : /Mac OS/.test(agent)
          ? 'macOS'
          : /Linux/.test(agent)
            ? 'Linux'
            : '';
  return system ? `${browser} on ${system}` : browser;
}
