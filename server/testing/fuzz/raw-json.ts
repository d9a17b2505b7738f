/** JSON text placed verbatim (1e309, -0, 10,000 levels of nesting) where JSON.stringify can't put it. */
export class RawJson {
  constructor(readonly text: string) {}
}

export const raw = (text: string) => new RawJson(text);

/** Nesting built as text: building it as objects would make JSON.stringify itself recurse. */
export const deepArray = (depth: number) => raw('['.repeat(depth) + ']'.repeat(depth));
export const deepObject = (depth: number) => raw('{"a":'.repeat(depth) + '1' + '}'.repeat(depth));

/** JSON.stringify, with every RawJson value written as its text. */
export function toJsonText(value: unknown): string {
  const raws: string[] = [];
  const nonce = Math.random().toString(36).slice(2);
  const json = JSON.stringify(value, (_key, v: unknown) => {
    if (!(v instanceof RawJson)) return v;
    raws.push(v.text);
    return `@@raw-${nonce}-${raws.length - 1}@@`;
  });
  return json.replace(new RegExp(`"@@raw-${nonce}-(\\d+)@@"`, 'g'), (_m, i: string) => raws[Number(i)]!);
}
