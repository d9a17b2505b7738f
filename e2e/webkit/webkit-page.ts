import { Builder, By, Key, type WebDriver, type WebElement } from 'selenium-webdriver';
import { seedProfileScript } from '../../scripts/lib/seed-profile';
import { MINIBROWSER } from '../../scripts/lib/find-webkit.mjs';

/**
 * One MiniBrowser session over WebKitWebDriver (classic WebDriver: no init scripts, no network
 * events, no log endpoint) and the few things the journeys do with it, found by role and accessible
 * name through WebDriver's computed role/label commands.
 */

const WAIT_MS = 20_000;

/** A load (get, refresh) may take this long; WebDriver's own default is 300 s. */
const PAGE_LOAD_MS = 60_000;

export async function openSession(driverUrl: string): Promise<WebDriver> {
  const driver = await new Builder()
    .withCapabilities({ browserName: 'MiniBrowser', 'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] } })
    .usingServer(driverUrl)
    .build();
  await driver.manage().setTimeouts({ pageLoad: PAGE_LOAD_MS });
  return driver;
}

// Elements that can have each role, narrowed by CSS before the (one round trip each) computed role and name.
const ROLE_CSS: Record<string, string> = {
  alert: '[role=alert]',
  button: 'button,[role=button],input[type=button],input[type=submit]',
  checkbox: 'input[type=checkbox],[role=checkbox]',
  combobox: '[role=combobox],select,input[list]',
  dialog: 'dialog,[role=dialog]',
  heading: 'h1,h2,h3,h4,h5,h6,[role=heading]',
  img: 'img,svg,canvas,[role=img]',
  link: 'a[href],[role=link]',
  main: 'main,[role=main]',
  listitem: 'li,[role=listitem]',
  option: '[role=option],option',
  progressbar: 'progress,[role=progressbar]',
  radio: 'input[type=radio],[role=radio]',
  region: 'section,[role=region]',
  searchbox: 'input[type=search],[role=searchbox]',
  status: 'output,[role=status]',
  tab: '[role=tab]',
};
const FIELD_CSS = 'input,textarea,select,[role=textbox],[role=combobox],[role=searchbox],[role=spinbutton]';

type Name = string | RegExp;
const matches = (name: Name, actual: string) => (typeof name === 'string' ? actual.trim() === name : name.test(actual));

/** Polls `read` until it gives a value that is not undefined, or throws what it last saw after `ms`. */
export async function until<T>(what: string, read: () => Promise<T | undefined>, ms = WAIT_MS): Promise<T> {
  const end = Date.now() + ms;
  let last: unknown;
  for (;;) {
    try {
      const value = await read();
      if (value !== undefined) return value;
    } catch (err) {
      last = err;
    }
    if (Date.now() > end) throw new Error(`timed out after ${ms / 1000} s waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

export class WebKitPage {
  constructor(
    readonly driver: WebDriver,
    public baseUrl: string,
  ) {}

  /** The connection profile (and any other localStorage entries) set on the origin before the console loads. */
  async seed(userId: string, extra: Record<string, unknown> = {}): Promise<void> {
    // A same-origin page that is not the console (the JSON endpoints are CSP-sandboxed: no storage there).
    await this.driver.get(`${this.baseUrl}/robots.txt`);
    await this.driver.executeScript(`localStorage.clear();\n${seedProfileScript(userId, extra)}`);
  }

  /** Opens a path and starts recording the page's own errors (see watchErrors). */
  async goto(path: string): Promise<void> {
    await this.driver.get(`${this.baseUrl}${path}`);
    await this.watchErrors();
  }

  async reload(): Promise<void> {
    await this.driver.navigate().refresh();
    await this.watchErrors();
  }

  /**
   * Records what the page reports as errors: console.error, uncaught errors and rejections, CSP violations.
   * WebKitWebDriver has no log endpoint and MiniBrowser's --enable-write-console-messages-to-stdout does not
   * reach the automation session's view, so this is installed after each load: errors thrown while the page's
   * first scripts run are seen only through what the page then shows (its error screen, asserted absent).
   */
  async watchErrors(): Promise<void> {
    await this.driver.executeScript(`
      if (window.__webkitErrors) return;
      const seen = (window.__webkitErrors = []);
      const text = (v) => (v instanceof Error ? v.name + ': ' + v.message : String(v));
      const original = console.error.bind(console);
      console.error = (...args) => { seen.push(args.map(text).join(' ')); original(...args); };
      addEventListener('error', (e) => seen.push('uncaught: ' + text(e.error ?? e.message)));
      addEventListener('unhandledrejection', (e) => seen.push('unhandled rejection: ' + text(e.reason)));
      document.addEventListener('securitypolicyviolation', (e) => seen.push('CSP: ' + e.violatedDirective + ' ' + e.blockedURI + (e.sample ? ' (' + e.sample + ')' : '') + (e.sourceFile ? ' at ' + e.sourceFile + ':' + e.lineNumber : '')));
    `);
  }

  /** The page's own errors since the last load (and clears them). */
  async errors(): Promise<string[]> {
    return this.driver.executeScript<string[]>('return (window.__webkitErrors ?? []).splice(0);');
  }

  /** Elements of this role whose accessible name matches, in document order, inside `within` if given. */
  async allByRole(role: string, name?: Name, within?: WebElement): Promise<WebElement[]> {
    const css = ROLE_CSS[role];
    if (!css) throw new Error(`no CSS for role ${role}`);
    const candidates = await (within ?? this.driver).findElements(By.css(css));
    const found: WebElement[] = [];
    for (const el of candidates) {
      if ((await this.roleOf(el)) !== role) continue;
      if (name !== undefined && !matches(name, await el.getAccessibleName())) continue;
      found.push(el);
    }
    return found;
  }

  /**
   * The element's computed role, as the ARIA names it. WebKit computes ARIA 1.3's 'image' for role="img", and
   * 'button' for a <select> (GTK's pop-up button) where the accessibility tree has a combobox.
   */
  async roleOf(el: WebElement): Promise<string> {
    const computed = await el.getAriaRole();
    if (computed === 'image') return 'img';
    if (computed === 'button' && (await el.getTagName()).toLowerCase() === 'select') return 'combobox';
    return computed;
  }

  /** Chooses the option of a <select> by its text (WebDriver selects an <option> it clicks). */
  async choose(select: WebElement, text: string): Promise<void> {
    for (const option of await select.findElements(By.css('option'))) {
      if ((await option.getText()).trim() === text) return option.click();
    }
    throw new Error(`no option ${text}`);
  }

  /** The first element of this role and name (waits for it). */
  role(role: string, name?: Name, within?: WebElement): Promise<WebElement> {
    return until(`${role} ${String(name ?? '')}`, async () => (await this.allByRole(role, name, within))[0]);
  }

  /** A form field by its accessible name (its label). */
  label(name: Name, within?: WebElement): Promise<WebElement> {
    return until(`field labelled ${String(name)}`, async () => {
      for (const el of await (within ?? this.driver).findElements(By.css(FIELD_CSS))) {
        if (matches(name, await el.getAccessibleName())) return el;
      }
      return undefined;
    });
  }

  /** Waits until the element's (or the page's) text matches; a timeout says what the text was. */
  async text(expected: Name, within?: WebElement, ms = WAIT_MS): Promise<string> {
    let seen = '';
    return until(
      `text ${String(expected)}`,
      async () => {
        seen = within ? await within.getText() : await this.driver.executeScript<string>('return document.body.innerText');
        return (typeof expected === 'string' ? seen.includes(expected) : expected.test(seen)) ? seen : undefined;
      },
      ms,
    ).catch((err: Error) => {
      throw new Error(`${err.message}; the text was: ${seen.slice(0, 800)}`);
    });
  }

  /** Types into a field, replacing what is there. WebKitWebDriver drops "\n" inside text: lines are sent with the Enter key. */
  async type(field: WebElement, text: string): Promise<void> {
    await field.clear();
    const lines = text.split('\n');
    for (const [i, line] of lines.entries()) {
      if (line) await field.sendKeys(line);
      if (i < lines.length - 1) await field.sendKeys(Key.ENTER);
    }
  }

  script<T>(source: string, ...args: unknown[]): Promise<T> {
    return this.driver.executeScript<T>(source, ...args);
  }
}
