/**
 * A readable summary of a browser's user agent for the list of signed-in sessions (decision 107): the browser with
 * its major version, and the operating system. Only the browsers and systems people use are told apart; anything
 * else is null (the page says "unknown"), never a guess. The order matters: Edge and Opera say "Chrome", Chrome
 * says "Safari", and phones say "Linux" or "Mac OS X" too.
 */
export interface Device {
  browser: string | null;
  os: string | null;
}

const browsers: Array<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/\b(?:OPR|Opera)\/(\d+)/, 'Opera'],
  [/\bSamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/\bFirefox\/(\d+)/, 'Firefox'],
  [/\bFxiOS\/(\d+)/, 'Firefox'],
  [/\bCriOS\/(\d+)/, 'Chrome'],
  [/(?:\b|Headless)Chrom(?:e|ium)\/(\d+)/, 'Chrome'],
  [/\bVersion\/(\d+)(?:[.\d]*)? (?:Mobile\/\S+ )?Safari\//, 'Safari'],
];

const systems: Array<[RegExp, string]> = [
  [/\bWindows NT 10\.0/, 'Windows'],
  [/\bWindows NT 6\.[123]/, 'Windows'],
  [/\bWindows\b/, 'Windows'],
  [/\b(?:iPhone|iPad|iPod)\b.*? OS (\d+)/, 'iOS'],
  [/\bAndroid (\d+)/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

export function describeDevice(userAgent: string | null | undefined): Device {
  const ua = userAgent ?? '';
  let browser: string | null = null;
  for (const [pattern, name] of browsers) {
    const m = pattern.exec(ua);
    if (m) {
      browser = `${name} ${m[1]}`;
      break;
    }
  }
  let os: string | null = null;
  for (const [pattern, name] of systems) {
    const m = pattern.exec(ua);
    if (m) {
      os = m[1] ? `${name} ${m[1]}` : name;
      break;
    }
  }
  return { browser, os };
}
