/**
 * The spec types userId as Integer, but IDs go up to 2^63 - 1, past what a JS number holds
 * exactly. We keep it as a string inside and write its digits as a bare JSON integer, so a
 * client with a big-integer JSON parser reads it exactly. `userId` is validated digits, and the
 * key is the last one serialized, so the last `"userId":"<digits>"` is the one to unquote
 * (string values in JSON text can't contain an unescaped `"userId":"`).
 */
export function userIdAsJsonInteger(json: string, userId: string): string {
  if (!/^[0-9]+$/.test(userId)) return json;
  const quoted = `"userId":${JSON.stringify(userId)}`;
  const at = json.lastIndexOf(quoted);
  if (at < 0) return json;
  return `${json.slice(0, at)}"userId":${userId}${json.slice(at + quoted.length)}`;
}
