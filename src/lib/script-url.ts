/**
 * URLs for `new Worker(…)` and `new SharedWorker(…)` under the console's Content-Security-Policy,
 * whose `require-trusted-types-for 'script'` refuses a plain string or URL there: the value comes
 * from the one policy the CSP allows (`trusted-types console-script-url`, server/security/
 * security-headers.ts), which passes only scripts of this origin. Where the browser has no Trusted
 * Types (Firefox, Safari) the same check runs and the URL itself is used.
 */

/** The policy's name, as the CSP's `trusted-types` directive names it. */
const POLICY_NAME = 'console-script-url';

type ScriptUrlPolicy = { createScriptURL(input: string): unknown };
/** The part of the Trusted Types API used here (TypeScript's DOM types do not have it). */
type TrustedTypesFactory = { createPolicy(name: string, rules: { createScriptURL(input: string): string }): ScriptUrlPolicy };

let policy: ScriptUrlPolicy | null | undefined;

/**
 * A worker script URL of another origin (or not http(s)), refused. It carries the origin as data and
 * no sentence: it is worded where it is shown (i18n/describe-error.ts), in the operator's language.
 */
export class ForeignScriptError extends TypeError {
  override name = 'ForeignScriptError';
  constructor(readonly origin: string) {
    super(origin);
  }
}

/** The URL resolved against the page, when it is an http(s) script of this origin; else it throws. */
function sameOriginScript(input: string): string {
  const url = new URL(input, location.href);
  if (url.origin !== location.origin || !/^https?:$/.test(url.protocol)) throw new ForeignScriptError(url.origin);
  return url.href;
}

/**
 * The URL of one of the console's own worker scripts (from a `?worker&url` import), in the form a
 * worker constructor accepts under the CSP. Typed as a string: the DOM types know no
 * TrustedScriptURL and type the constructors `string | URL`; under Trusted Types the value is a
 * TrustedScriptURL, which the constructors take (and which reads as the same URL).
 */
export function workerScriptUrl(input: string): string {
  if (policy === undefined) {
    const factory = (globalThis as { trustedTypes?: TrustedTypesFactory }).trustedTypes;
    policy = factory ? factory.createPolicy(POLICY_NAME, { createScriptURL: sameOriginScript }) : null;
  }
  return policy === null ? sameOriginScript(input) : (policy.createScriptURL(input) as string);
}
