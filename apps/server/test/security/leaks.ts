// What no answer of any fuzzed call may show: internals a failure could leak. The caller's own
// input echoed back in a message is no leak, so it is taken out before looking.
/** What no answer may show: internals a failure could leak. */
export const LEAKS: readonly [string, RegExp, 'errors' | 'all'][] = [
  ['stack trace', /\n\s+at |\bat [\w$.<>]+ \(|\w+Error: /, 'all'],
  ['file path', /\/work\/|\/home\/|\/usr\/|\/tmp\/|node_modules|file:\/\/|\.[jt]sx?:\d+/, 'all'],
  [
    'SQL',
    /\b(select|insert into|update|delete from)\b[\s\S]{0,200}\b(from|where|values|set)\b|syntax error at|relation "|column "|constraint|duplicate key|Failed query|SQLSTATE|\bpg_/i,
    'errors',
  ],
];

/** The caller's own input may come back in a message ("No agent with e-mail x"): that is no leak. */
export function echoedRemoved(body: string, inputs: unknown[]): string {
  const strings: string[] = [];
  const collect = (v: unknown) => {
    if (typeof v === 'string' && v.length >= 3) strings.push(v, JSON.stringify(v).slice(1, -1));
    else if (v && typeof v === 'object') Object.values(v).forEach(collect);
  };
  inputs.forEach(collect);
  return strings
    .sort((a, b) => b.length - a.length)
    .reduce((b, s) => b.split(s).join('\u2026'), body);
}
